// The items of boxes (spec §3 Box item) in the replica.
import type { BoxItem } from '../../protocol/entities';
import { defineTable, type Replicated } from '../../sync/replica/table';

/** Items carry no box id on the wire (spec §3): the reply names the box, ingest stores it on the row. */
export type Item = BoxItem & { boxId: number };
export type ItemRow = Replicated<Item>;

export const itemsTable = defineTable<Item>({
  name: 'items',
  schema: { 1: 'id, boxId, upc, pending' },
  parent: { table: 'boxes', field: 'boxId' },
  rules: 'The server wins. Replaced per box by its getItemsByBoxId reply; they go with their box.',
});
