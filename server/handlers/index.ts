// The handler registry: every domain module's handlers, keyed by the spec's destination names.
import { Destination } from '../../src/protocol/destinations';
import { authHandlers } from './auth';
import { boxItemHandlers } from './box-items';
import { boxHandlers } from './boxes';
import { categoryHandlers } from './categories';
import { lotEditHandlers } from './lots-edit';
import { lotQueryHandlers } from './lots-query';
import type { HandlerMap } from './types';
import { upcSuggestionHandlers } from './upc-suggestions';
import { upcHandlers } from './upcs';

export const handlers: HandlerMap = {
  ...authHandlers,
  ...categoryHandlers,
  ...lotQueryHandlers,
  ...lotEditHandlers,
  ...boxHandlers,
  ...boxItemHandlers,
  ...upcSuggestionHandlers,
  ...upcHandlers,
};

/** Destination paths a client can use today; docs/protocol.md marks the rest "not yet served". */
export const servedDestinations: readonly string[] = (Object.keys(handlers) as Array<keyof typeof Destination>).map(
  (key) => Destination[key],
);
