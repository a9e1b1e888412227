// The domain registry: every domain the client syncs, one line each. Adding a domain is a folder beside these and
// one line here (docs/ARCHITECTURE.md, "Adding a domain"); the engine (src/sync) never changes for it.
import type { Domain } from '../sync/domain';
import { auctionsDomain } from './auctions';
import { boxesDomain } from './boxes';
import { categoriesDomain } from './categories';
import { devicesDomain } from './devices';
import { imagesDomain } from './images';
import { inventoryDomain } from './inventory';
import { itemsDomain } from './items';
import { listingsDomain } from './listings';
import { lotsDomain } from './lots';
import { notesDomain } from './notes';
import { upcsDomain } from './upcs';

export const domains: readonly Domain[] = [
  lotsDomain,
  boxesDomain,
  itemsDomain,
  upcsDomain,
  categoriesDomain,
  imagesDomain,
  notesDomain,
  listingsDomain,
  inventoryDomain,
  auctionsDomain,
  devicesDomain,
];
