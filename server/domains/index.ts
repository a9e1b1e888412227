// The domain registry: one line per domain, each a folder whose index.ts exports its handlers keyed by the spec's
// destination names. Adding a domain adds a folder and a line here; the engine (server/stomp) never changes.
import { Destination } from '../../src/protocol/destinations';
import { auctionHandlers } from './auctions';
import { boxHandlers } from './boxes';
import { categoryHandlers } from './categories';
import { deviceHandlers } from './devices';
import { registerDomains, type HandlerMap } from './handler';
import { imageHandlers } from './images';
import { inventoryHandlers } from './inventory';
import { itemHandlers } from './items';
import { listingHandlers } from './listings';
import { lotHandlers } from './lots';
import { noteHandlers } from './notes';
import { sessionHandlers } from './session';
import { upcHandlers } from './upcs';

export const handlers: HandlerMap = registerDomains(
  sessionHandlers,
  categoryHandlers,
  lotHandlers,
  boxHandlers,
  itemHandlers,
  upcHandlers,
  imageHandlers,
  noteHandlers,
  listingHandlers,
  inventoryHandlers,
  auctionHandlers,
  deviceHandlers,
);

/** Destination paths a client can use today; docs/protocol.md marks the rest "not yet served". */
export const servedDestinations: readonly string[] = (Object.keys(handlers) as Array<keyof typeof Destination>).map(
  (key) => Destination[key],
);
