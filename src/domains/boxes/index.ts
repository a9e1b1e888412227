// The boxes of lots (spec §2 Lot edit's box tabs and box editor header, §3 Box, §7 box destinations): its table,
// intents, ingest and hooks. This file is its only public face.
import { defineDomain } from '../../sync/domain';
import { boxDescribers } from './describe';
import { boxMessages, boxTopics } from './ingest';
import { boxesTable } from './tables';

export const boxesDomain = defineDomain({
  name: 'boxes',
  tables: [boxesTable],
  messages: boxMessages,
  topics: boxTopics,
  describe: boxDescribers,
});

export { boxesTable, type BoxRow } from './tables';
export { addBox, deleteBox, updateBoxInfo } from './intents';
export { readBoxes, useBoxes } from './hooks';
