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

/** When this device last used a catalogue entry (a scan, a search, the cache fill): ms since 1970. */
export interface UpcUse {
  /** The catalogue entry's id. */
  readonly id: number;
  readonly usedAt: number;
}

export const upcUseTable = defineTable<UpcUse>({
  name: 'upcUse',
  schema: { 4: 'id, usedAt' },
  rules: "This device's own, never sent: the least recently used catalogue entries go first when the catalogue passes its budget (issue 31).",
});
