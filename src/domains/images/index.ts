// Images of lots and catalogue UPCs (spec §2 Image manager, §3 Image). Its replica table only, for now: the
// images issue adds its intents, ingest and hooks here. This file is the domain's only public face.
import type { Image } from '../../protocol/entities';
import { defineDomain } from '../../sync/domain';
import { defineTable } from '../../sync/replica/table';

/** An image of a lot (`lot:{id}`) or of a catalogue UPC (`upc:{upc}`). */
export type ImageRow = Image & { owner: string };

export const imagesTable = defineTable<ImageRow>({
  name: 'images',
  schema: { 1: 'id, owner' },
  rules: 'The server wins. Replaced per owner by its images reply.',
});

export const imagesDomain = defineDomain({ name: 'images', tables: [imagesTable] });
