// The UPC catalogue's replica table (spec §3 UPC entry), shared by all staff.
import type { UpcEntry } from '../../protocol/catalogue';
import { defineTable, type Replicated } from '../../sync/replica/table';

/** A catalogue entry; data entry edits, saves and deletes it through the outbox. */
export type UpcRow = Replicated<UpcEntry>;

export const upcsTable = defineTable<UpcEntry>({
  name: 'upcs',
  schema: { 1: 'id, upc, vendorName, vendorStyleNumber' },
  rules: 'The server wins. Rows a search no longer returns stay as a cache until the next user switch; deletions remove them.',
});
