// Intents of data entry (spec §2 Data entry, §4; /app/processUPCCrudRequest). Each goes through the outbox, so
// it works offline and arrives once, in order:
// - Save: each new row as its own CREATE request (spec §4: one at a time); the row shows at once, pending,
//   with a temporary id until UPC_GRUD_CREATED names the real one.
// - Update: each changed row as an UPDATE of its id and UPC plus only the changed fields (the server keeps the
//   rest), so two people editing different cells of one product do not undo each other.
// - Delete: the selected stored rows in one DELETE (ROLE_ADMIN only: the server says FORBIDDEN otherwise);
//   they leave the table at once and come back if refused.
import { CrudType, UpcCrudRequestSchema, type UpcEntry } from '../../protocol/catalogue';
import { Destination } from '../../protocol/destinations';
import type { Intent } from '../../sync/outbox';
import { validated } from '../../sync/validated';
import type { Edits } from './sheet';
import { ClientMessages } from '../../protocol/messages';

const crudRequest = (crudType: CrudType, upcEntries: readonly UpcEntry[]) =>
  validated(UpcCrudRequestSchema, { crudType, upcEntries }, upcEntries.length === 1 ? `UPC ${upcEntries[0]?.upc ?? ''}`.trim() : 'UPCs');

/** The row as sent: trimmed texts; source as the row says, else 'dataentry'. */
function newRow(entry: UpcEntry): UpcEntry {
  return { ...entry, id: 0, upc: entry.upc.trim(), source: entry.source ?? 'dataentry' };
}

export function createUpcIntent(entry: UpcEntry): Intent {
  const body = crudRequest(CrudType.CREATE, [newRow(entry)]);
  const { id: _new, ...row } = body.upcEntries[0] ?? newRow(entry);
  return { destination: Destination.processUPCCrudRequest, body, optimistic: { kind: 'create', table: 'upcs', row } };
}


export function updateUpcIntent(stored: UpcEntry, edits: Edits): Intent {
  if (stored.id < 0) throw new Error(ClientMessages.upcNotSavedYet);
  const body = crudRequest(CrudType.UPDATE, [{ id: stored.id, upc: stored.upc, ...edits }]);
  return { destination: Destination.processUPCCrudRequest, body, optimistic: { kind: 'patch', table: 'upcs', id: stored.id, patch: edits } };
}

export function deleteUpcsIntent(rows: readonly UpcEntry[]): Intent {
  const [first, ...rest] = rows;
  if (first === undefined) throw new Error('No items selected to delete...');
  if (rows.some((row) => row.id < 0)) throw new Error(ClientMessages.upcNotSavedYet);
  const body = crudRequest(CrudType.DELETE, rows.map(({ id, upc }) => ({ id, upc })));
  return {
    destination: Destination.processUPCCrudRequest,
    body,
    optimistic: { kind: 'patch', table: 'upcs', id: first.id, ids: rest.map((row) => row.id), patch: { removed: 1 } },
  };
}
