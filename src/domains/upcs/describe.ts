// Data entry's catalogue changes in words for the outbox panel (issue 13): "Save UPC 012345678905 to the catalogue".
import { CrudType } from '../../protocol/catalogue';
import { ClientMessages } from '../../protocol/messages';
import type { Describers } from '../../sync/domain';

const SENTENCE: Readonly<Record<CrudType, (upcs: string) => string>> = {
  [CrudType.CREATE]: ClientMessages.createUpc,
  [CrudType.READ]: ClientMessages.readUpc,
  [CrudType.UPDATE]: ClientMessages.updateUpc,
  [CrudType.DELETE]: ClientMessages.deleteUpc,
};

export const upcDescribers: Describers = {
  processUPCCrudRequest: ({ crudType, upcEntries }) => {
    const [only] = upcEntries;
    const upcs = upcEntries.length === 1 && only !== undefined ? ClientMessages.upcNamed(only.upc) : ClientMessages.upcsCounted(upcEntries.length);
    return SENTENCE[crudType](upcs);
  },
};
