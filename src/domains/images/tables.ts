// The images table of the replica: a lot's images (owner `lot:{id}`) and a catalogue UPC's (`upc:{upc}`), each owner's
// list replaced by the server's answer for it.
import type { Image } from '../../protocol/entities';
import { defineTable } from '../../sync/replica/table';

/** An image of a lot (`lot:{id}`) or of a catalogue UPC (`upc:{upc}`). */
export type ImageRow = Image & { owner: string };

export type ImageOwner = { readonly lotId: number } | { readonly upc: string };

export const ownerKey = (owner: ImageOwner): string => ('lotId' in owner ? `lot:${owner.lotId}` : `upc:${owner.upc}`);

export const imagesTable = defineTable<ImageRow>({
  name: 'images',
  schema: { 1: 'id, owner' },
  rules: 'The server wins. Replaced per owner by its images reply; uploads waiting in the outbox show from their files.',
});
