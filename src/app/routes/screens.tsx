// The protected screens without URL state of their own (spec §2 route table): /home, /dataentry,
// /imageentry, /inventory, /auctions. All sit under the auth guard.
import { createRoute } from '@tanstack/react-router';
import { AuctionsScreen } from '../../features/auctions/AuctionsScreen';
import { DataEntryScreen } from '../../features/data-entry/DataEntryScreen';
import { ImageEntryScreen } from '../../features/image-entry/ImageEntryScreen';
import { InventoryScreen } from '../../features/inventory/InventoryScreen';
import { LotsScreen } from '../../features/lots/LotsScreen';
import { authenticatedRoute } from './authenticated';

const getParentRoute = () => authenticatedRoute;

export const homeRoute = createRoute({ getParentRoute, path: '/home', component: LotsScreen });
export const dataEntryRoute = createRoute({ getParentRoute, path: '/dataentry', component: DataEntryScreen });
export const imageEntryRoute = createRoute({ getParentRoute, path: '/imageentry', component: ImageEntryScreen });
export const inventoryRoute = createRoute({ getParentRoute, path: '/inventory', component: InventoryScreen });
export const auctionsRoute = createRoute({ getParentRoute, path: '/auctions', component: AuctionsScreen });
