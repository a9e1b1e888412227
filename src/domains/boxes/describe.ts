// The box tabs' changes in words for the outbox panel (issue 13): a box by its label, its lot by title.
import { ClientMessages } from '../../protocol/messages';
import type { Describers } from '../../sync/domain';
import type { ReplicaTables } from '../../sync/replica/replica';
import { lotName } from '../lots';
import { boxesTable } from './tables';

/** "A1" when the replica has the box (a box made offline too), else "#12". */
async function boxName(tables: ReplicaTables, id: number): Promise<string> {
  const label = (await tables.rows(boxesTable).get(id))?.label ?? '';
  return label === '' ? ClientMessages.boxNumbered(id) : label;
}

export const boxDescribers: Describers = {
  addBoxToLot: async ({ label, manualManiestId }, { tables }) => ClientMessages.addBox(label, await lotName(tables, manualManiestId)),
  // A deleted box stays in the replica, marked removed, until the server confirms: its label is still there.
  deleteBox: async ({ id }, { tables }) => ClientMessages.deleteBox(await boxName(tables, id)),
  updateBoxInfo: ({ id, label }) => {
    const named = label ?? '';
    return ClientMessages.saveBox(named === '' ? ClientMessages.boxNumbered(id) : named);
  },
};
