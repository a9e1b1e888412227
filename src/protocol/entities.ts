// Zod schemas for the entities of spec §3, with the spec's field names exactly. Types come from here.
// Each domain has its own module; this one holds the store's categories and re-exports the rest.
// The client-side `selected` flags of spec §3 are deliberately absent: objects parse in strip mode, so a
// client that sends them has them dropped.
import { z } from 'zod';
import { Id, IdOrZero, text } from './primitives';

export const CategorySchema = z.object({
  id: Id,
  name: text(200),
  parent: IdOrZero.describe('0 means top level'),
});
export type Category = z.infer<typeof CategorySchema>;

export * from './events';
export * from './lots';
export * from './boxes';
export * from './catalogue';
export * from './images';
export * from './inventory';
export * from './auctions';
export * from './listings';
export * from './devices';
