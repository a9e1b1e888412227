// Realistic wire examples of every entity, as a server would send them and a client would send them back.
import type {
  AuctionEvent, AuctionEventManifest, Box, BoxItem, Category, Image, InventoryEvent, Lot, ManifestHistoryEntry,
  Note, UpcEntry,
} from '../../../src/protocol';

export const category: Category = { id: 17, name: 'Home & Kitchen', parent: 0 };

export const auctionEvent: AuctionEvent = {
  id: 3,
  title: 'Spring pallet auction',
  startTime: '2024-05-01T10:00',
  endTime: '2024-05-08T18:00',
  createdAt: '2024-04-20T09:15:30.000Z',
};

export const lot: Lot = {
  id: 42,
  lotNumber: 'LOT-000042',
  titleListing: 'Mixed kitchen appliances, 3 cartons',
  status: 'LISTED',
  slug: 'lot-000042-mixed-kitchen-appliances',
  categories: [17, 23],
  numberOfPallets: 1,
  numberOfCartons: 3,
  numberOfUnits: 57,
  totalOriginalRetail: 2849.5,
  totalListingPrice: 712.38,
  specialNotes: 'Some boxes opened for inspection.',
  userId: 7,
  loc_zone: 2,
  loc_aisle: 4,
  loc_column: 1,
  loc_row: 3,
  loc_box: 12,
  auctionEventManifests: [{ id: 9, auctionEvent: { id: 3 }, auctionTitle: 'Kitchen lot #1' }],
};

export const box: Box = {
  id: 301,
  label: 'A1',
  manualManiestId: 42,
  w: 18,
  l: 24,
  h: 12.5,
  lbs: 31,
  ozs: 4,
  zone: 2,
  aisle: 4,
  col: 1,
  row: 3,
  bin: 12,
  boxNumber: 1,
  userId: 7,
};

export const boxItem: BoxItem = {
  id: 9001,
  upc: '885909950805',
  quantity: 4,
  retailPrice: 49.99,
  clientCost: 12.5,
  listingPrice: 15,
  vendor: 'Hamilton Beach',
  itemDescriptionManifest: '2-slice toaster, black',
  color: 'Black',
  size: null,
};

export const upcEntry: UpcEntry = {
  id: 555,
  upc: '885909950805',
  vendorName: 'Hamilton Beach',
  vendorStyleNumber: '22633',
  size: null,
  color: 'Black',
  ean: '0885909950805',
  itemDescription: '2-slice toaster',
  retailPrice: 49.99,
  wholesalePrice: 21,
  liquidationPrice: 9.5,
  approved: true,
  approvedBy: 'admin',
  source: 'excel',
  division: 'Housewares',
  department: 'Small appliances',
  vendorNameOriginal: 'HAMILTON BEACH BRANDS',
  lastUpdated: '2024-04-02T08:00:00Z',
  asin: 'B00005IBXJ',
};

export const image: Image = {
  id: 77,
  fileName: 'toaster.jpg',
  full: '/images/77/full.jpg',
  thumbnail: '/images/77/thumbnail.jpg',
  smallImage: '/images/77/small.jpg',
  large: '/images/77/large.jpg',
  medium: '/images/77/medium.jpg',
  wcAttachmentId: 1234,
};

export const inventoryEvent: InventoryEvent = {
  id: 5,
  startTime: '2024-04-30T08:00:00Z',
  endTime: null,
  label: '4/30/2024, 8:00:00 AM',
  createdById: 7,
};

export const historyEntry: ManifestHistoryEntry = {
  id: 61,
  manifestId: 42,
  inventoryEventId: 5,
  status: 'LISTED',
  locZone: 1,
  locAisle: 1,
  locColumn: 1,
  locRow: 1,
  locBox: 1,
  changedBy: 7,
  changedAt: '2024-04-30T08:05:00Z',
  lotNumber: 'LOT-000042',
  manifest: lot,
  storeStatus: { sku: 'LOT-000042', stock_status: 'instock', stock_quantity: 1 },
};

export const auctionEventManifest: AuctionEventManifest = {
  id: 9,
  manifest: lot,
  auctionEvent,
  auctionTitle: 'Kitchen lot #1',
  startingPrice: 150,
  startTime: '2024-05-01T10:00',
  endTime: '2024-05-08T18:00',
  sortOrder: 0,
};

export const note: Note = { id: 4, label: 'template_Default listing', data: '<h1>{{title}}</h1>{{items}}' };
