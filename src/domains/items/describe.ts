// The box editor's item changes in words for the outbox panel (issue 13): "Add 2 × 012345678905 to box A1". Items
// carry no box id on the wire: a row's box comes from the replica, and the box's label from its table (the
// items table's parent; the boxes domain already uses this one, so it is not imported back).
import { ClientMessages } from '../../protocol/messages';
import type { Describers } from '../../sync/domain';
import type { ReplicaTables } from '../../sync/replica/replica';
import { itemsTable } from './tables';

const BOXES = itemsTable.parent?.table ?? 'boxes';

/** "A1" when the replica has the box (a box made offline too), else "#12". */
async function boxName(tables: ReplicaTables, id: number): Promise<string> {
  const box = await tables.rowsNamed(BOXES).get(id);
  const label = box !== undefined && 'label' in box && typeof box.label === 'string' ? box.label : '';
  return label === '' ? ClientMessages.boxNumbered(id) : label;
}

/** One item by its UPC, several by count. */
const itemsNamed = (upcs: readonly string[]): string =>
  upcs.length === 1 && upcs[0] !== undefined ? ClientMessages.itemUpc(upcs[0]) : ClientMessages.itemsCounted(upcs.length);

/** The rows by UPC (by count unless the replica has them all) and the box of the first it has (a deleted row stays,
 * marked removed, until the server confirms). */
async function rowsOf(tables: ReplicaTables, ids: readonly number[]): Promise<{ what: string; boxId: number | undefined }> {
  const found = (await tables.rows(itemsTable).bulkGet([...ids])).filter((row) => row !== undefined);
  const what = found.length === ids.length ? itemsNamed(found.map(({ upc }) => upc)) : ClientMessages.itemsCounted(ids.length);
  return { what, boxId: found[0]?.boxId };
}

export const itemDescribers: Describers = {
  addUPCToBox: async ({ upc, boxId }, { tables }) => ClientMessages.addUpcToBox(1, upc, await boxName(tables, boxId)),
  addMultipleUPCsToBox: async ({ boxId, upcQuantities }, { tables }) => {
    const box = await boxName(tables, boxId);
    const [only] = upcQuantities;
    return upcQuantities.length === 1 && only !== undefined
      ? ClientMessages.addUpcToBox(only.qnty, only.upc, box)
      : ClientMessages.addUpcsToBox(new Set(upcQuantities.map(({ upc }) => upc)).size, box);
  },
  updateItems: async (items, { tables }) => {
    const { boxId } = await rowsOf(tables, items.map(({ id }) => id));
    const what = itemsNamed(items.map(({ upc }) => upc));
    return boxId === undefined ? ClientMessages.saveItemsOfNoBox(what) : ClientMessages.saveItems(what, await boxName(tables, boxId));
  },
  deleteItems: async (refs, { tables }) => {
    const { what, boxId } = await rowsOf(tables, refs.map(({ id }) => id));
    return boxId === undefined ? ClientMessages.deleteItemsOfNoBox(what) : ClientMessages.deleteItems(what, await boxName(tables, boxId));
  },
};
