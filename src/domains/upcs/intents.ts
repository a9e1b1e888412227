// Intents of data entry (spec §2 Data entry, §4; /app/processUPCCrudRequest). Each goes through the outbox, so
// it works offline and arrives once, in order:
// - Save: each new row as its own CREATE request (spec §4: one at a time); the row shows at once, pending,
//   with a temporary id until UPC_GRUD_CREATED names the real one.
// - Update: each changed row as an UPDATE of its id and UPC plus only the changed fields (the server keeps the
//   rest), so two people editing different cells of one product do not undo each other.
// - Delete: the selected stored rows in one DELETE (ROLE_ADMIN only: the server says FORBIDDEN otherwise);
//   they leave the table at once and come back if refused.
import { CrudType, UpcCrudRequestSchema, type UpcEntry } from '../../protocol/catalogue';
import { ClientMessages } from '../../protocol/messages';
import { atLeastOne, defineIntent } from '../../sync/intent';
import { isTempId } from '../../sync/outbox/entry';
import { creates, patches, removes } from '../../sync/outbox/outbox';
import { validated } from '../../sync/validated';
import { upcsTable } from './tables';

/** The fields data entry edits in a row (the UPC itself among them: a mistyped UPC is corrected in place). */
export type UpcEdits = Partial<Omit<UpcEntry, 'id'>>;

const crudRequest = (crudType: CrudType, upcEntries: readonly UpcEntry[]) => validated(UpcCrudRequestSchema, { crudType, upcEntries });

/** The row as sent: trimmed texts; source as the row says, else 'dataentry'. */
function newRow(entry: UpcEntry): UpcEntry {
  return { ...entry, id: 0, upc: entry.upc.trim(), source: entry.source ?? 'dataentry' };
}

export const createUpc = defineIntent({
  destination: 'processUPCCrudRequest',
  build: (entry: UpcEntry) => {
    const body = crudRequest(CrudType.CREATE, [newRow(entry)]);
    const { id: _new, ...row } = body.upcEntries[0] ?? newRow(entry);
    return { body, optimistic: creates(upcsTable, row) };
  },
});

export const updateUpc = defineIntent({
  destination: 'processUPCCrudRequest',
  build: ({ stored, edits }: { readonly stored: UpcEntry; readonly edits: UpcEdits }) => {
    if (isTempId(stored.id)) throw new Error(ClientMessages.upcNotSavedYet);
    const body = crudRequest(CrudType.UPDATE, [{ id: stored.id, upc: stored.upc, ...edits }]);
    return { body, optimistic: patches(upcsTable, [stored.id], edits) };
  },
});

export const deleteUpcs = defineIntent({
  destination: 'processUPCCrudRequest',
  build: (rows: readonly UpcEntry[]) => {
    const [first, ...rest] = atLeastOne(rows, ClientMessages.noItemsToDelete);
    if (rows.some((row) => isTempId(row.id))) throw new Error(ClientMessages.upcNotSavedYet);
    const body = crudRequest(CrudType.DELETE, rows.map(({ id, upc }) => ({ id, upc })));
    return { body, optimistic: removes(upcsTable, [first.id, ...rest.map((row) => row.id)]) };
  },
});
