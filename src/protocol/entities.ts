// Zod schemas for the entities of spec §3, with the spec's field names exactly. Types come from here.
import { z } from 'zod';

export const CategorySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  parent: z.number().int(), // 0 means top level
});
export type Category = z.infer<typeof CategorySchema>;
