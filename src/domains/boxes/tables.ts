// The boxes of lots (spec §3 Box) in the replica.
import type { Box } from '../../protocol/entities';
import { defineTable, type Replicated } from '../../sync/replica/table';

export type BoxRow = Replicated<Box>;

export const boxesTable = defineTable<Box>({
  name: 'boxes',
  schema: { 1: 'id, manualManiestId, pending' },
  parent: { table: 'lots', field: 'manualManiestId' },
  rules: 'The server wins. Replaced per lot by its getBoxesByLotId reply; they go with their lot.',
});
