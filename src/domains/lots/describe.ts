// The lots' changes in words for the outbox panel (issue 13): a lot by its title when the body or the replica has
// it, else by its id; several lots by their count.
import { ClientMessages } from '../../protocol/messages';
import { titleOfCreateManifest } from '../../protocol/rehearsal';
import type { Describers } from '../../sync/domain';
import type { ReplicaTables } from '../../sync/replica/replica';
import { lotsTable } from './tables';

/** "lot 'Pallet 7'" when the replica has the lot (a lot made offline too), else "lot #12". */
export async function lotName(tables: ReplicaTables, id: number): Promise<string> {
  const title = (await tables.rows(lotsTable).get(id))?.titleListing ?? '';
  return title === '' ? ClientMessages.lotNumbered(id) : ClientMessages.lotTitled(title);
}

/** A lot an edit names: by the title it gives the lot, else as the replica has it. */
const editedLotName = async (tables: ReplicaTables, { id, titleListing }: { id: number; titleListing?: string }): Promise<string> =>
  titleListing === undefined || titleListing === '' ? lotName(tables, id) : ClientMessages.lotTitled(titleListing);

/** One lot by name, several by count. */
const lotsNamed = async (tables: ReplicaTables, ids: readonly number[]): Promise<string> =>
  ids.length === 1 && ids[0] !== undefined ? lotName(tables, ids[0]) : ClientMessages.lotsCounted(ids.length);

export const lotDescribers: Describers = {
  createManifest: (body) => ClientMessages.createLot(titleOfCreateManifest(body)),
  copyManifest: async (id, { tables }) => ClientMessages.copyLot(await lotName(tables, id)),
  deleteLots: async (refs, { tables }) => ClientMessages.deleteLots(await lotsNamed(tables, refs.map(({ id }) => id))),
  updateLotStatus: async ({ status, lotIds }, { tables }) => ClientMessages.setLotStatus(await lotsNamed(tables, lotIds), status),
  updateLotLocation: async ({ id }, { tables }) => ClientMessages.setLotLocation(await lotName(tables, id)),
  // A body names the title only when it changes it (issue 13): otherwise the replica's title.
  updateManifest: async (lot, { tables }) => ClientMessages.saveLots(await editedLotName(tables, lot)),
  updateManifests: async (lots, { tables }) =>
    ClientMessages.saveLots(lots.length === 1 && lots[0] !== undefined ? await editedLotName(tables, lots[0]) : ClientMessages.lotsCounted(lots.length)),
  updateManifestTitleById: ({ newTitle }) => ClientMessages.renameLot(newTitle),
};
