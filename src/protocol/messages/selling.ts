// Selling (issue 15): notes, listing templates, pricing and listing, the online store, the store's public pages and
// the Listing Manager.

/** What the notes domain says (spec §5, §8 word for word; the rest for refusals the spec leaves unshown). */
export const NoteMessages = {
  labelRequired: 'Label is required to create a new note.',
  selectToUpdate: 'Please select a note to update.',
  selectToDelete: 'Please select a note to delete.',
  created: 'Note created.',
  updated: 'Note updated.',
  deleted: 'Note deleted.',
  found: 'Note found.',
  loaded: 'Notes Loaded.',
  /** Labels are unique: a template is found by its name (DESIGN §5). */
  labelTaken: (label: string) => `A note labelled '${label}' already exists: choose another label.`,
  notFound: (id: number | string) => `Note ${id} not found.`,
  // the outbox panel (issue 15)
  createNote: (label: string) => `Create note '${label}'`,
  saveNote: (label: string) => `Save note '${label}'`,
  deleteNote: (label: string) => `Delete note '${label}'`,
  noteNumbered: (id: number) => `#${id}`,
} as const;

/** Listing templates (DESIGN §5): what each placeholder shows, and why a template is refused. */
export const TemplateMessages = {
  /** What each placeholder of a listing template is replaced with (docs/protocol.md lists them from here). */
  placeholders: {
    title: "The lot's title.",
    lotNumber: 'The lot number (SKU).',
    units: 'The number of units.',
    retail: 'The total original retail, with 2 decimals.',
    listing: 'The total listing price, with 2 decimals.',
    pallets: 'The number of pallets.',
    cartons: 'The number of cartons.',
    specialNotes: "The lot's special notes.",
    categories: "The lot's category names, separated by ', '.",
    quantity: 'The listing quantity of the request.',
    freeShipping: "'Yes' or 'No': whether the listing ships free.",
    items: 'A table of the lot\'s items: Qty, Description, UPC, Retail (the manifest bidders look for).',
  },
  yes: 'Yes',
  no: 'No',
  itemsCaption: 'Manifest',
  itemColumns: { quantity: 'Qty', description: 'Description', upc: 'UPC', retail: 'Retail' },
  unreadable: (reason: string) => `The template could not be read: ${reason}`,
  refused: (problems: readonly string[]) => `The template is refused: ${problems.join('; ')}.`,
  unknown: (name: string) => `unknown placeholder {{${name}}}`,
  tripleBraces: (name: string) => `unescaped {{{${name}}}} (use {{${name}}})`,
  ampersand: (name: string) => `unescaped {{& ${name}}} (use {{${name}}})`,
  partial: (name: string) => `partial {{> ${name}}}`,
  delimiters: (tags: string) => `delimiter change {{=${tags}=}}`,
  section: (name: string, allowed: readonly string[]) => `section {{#${name}}} (only ${allowed.join(', ')} may open one)`,
  inverted: (name: string, allowed: readonly string[]) => `inverted section {{^${name}}} (only ${allowed.join(', ')} may open one)`,
  notATemplate: (id: number) => `Template ${id} not found: a template is a note whose label starts with 'template_'.`,
} as const;

/** Pricing and listing lots on the online store (spec §8; issue 15). */
export const ListingMessages = {
  created: (lotNumber: string) => `Created Listing, Lot: ${lotNumber}`,
  unlisted: (lotNumber: string) => `Unlisted from WC: ${lotNumber}`,
  deleted: 'Deleted Listing',
  priced: (lotNumber: string) => `Prices calculated for ${lotNumber}.`,
  previewed: (lotNumber: string) => `Listing preview of ${lotNumber}.`,
} as const;

/** The online store's failures in a person's words (issue 15, DESIGN §5: WooCommerce REST v3). */
export const StoreMessages = {
  /** The store's reason, already plain text ('Invalid or duplicated SKU.'). */
  productRefused: (reason: string) => `The online store refused the product: ${reason}`,
  duplicateSku: (sku: string) => `The online store refused the product: another product already has SKU ${sku}.`,
  mediaRefused: (reason: string) => `The online store refused the image: ${reason}`,
  requestRefused: (reason: string) => `The online store refused the request: ${reason}`,
  noProduct: 'The online store has no such product.',
  noCategory: (text: string) => `The online store has no category '${text}'.`,
  notAnswering: 'The online store did not answer.',
  unreachable: 'Could not connect to the online store.',
  busy: 'The online store is busy: try again in a few minutes.',
  unavailable: (status: number) => `The online store is unavailable (it answered ${status}): try again later.`,
  badCredentials: 'The online store refused our key: check WC_KEY and WC_SECRET.',
  /** wp/v2/media with its own WordPress login (an application password). */
  badMediaLogin: 'The online store refused our WordPress login for images: check its application password.',
  unreadable: 'The online store answered something that is not WooCommerce: check WC_URL.',
} as const;

/** The embedded store's public pages (/store and /store/{slug}): what a bidder reads. */
export const StorePageMessages = {
  storeTitle: 'Lots for sale',
  /** The index's heading with the page number after the first. */
  indexHeading: (page: number) => (page > 1 ? `Lots for sale — page ${page}` : 'Lots for sale'),
  empty: 'There are no lots for sale right now. Please come back soon.',
  pastTheEnd: 'There are no more lots on this page.',
  firstPage: 'First page',
  previousPage: 'Previous page',
  nextPage: 'Next page',
  backToStore: 'All lots for sale',
  price: (amount: string) => `$${amount}`,
  inStock: (quantity: number) => `In stock: ${quantity}`,
  outOfStock: 'Out of stock',
  noImage: 'No picture',
  /** The alt text of a lot's picture: its title and which picture it is. */
  imageAlt: (title: string, index: number, count: number) => (count > 1 ? `${title} (picture ${index} of ${count})` : title),
  untitled: 'Untitled lot',
  notFoundTitle: 'Lot not found',
  notFound: 'There is no lot at this address. It may have been sold or taken down.',
  badPageTitle: 'Page not found',
  badPage: (max: number) => `The page number must be a whole number from 1 to ${max}.`,
} as const;

/** Selling on the client (issue 15): the Listing Manager, its queues, the notes area and the HTML viewer (spec §5, §8). */
export const ListingManagerMessages = {
  // spec §5
  selectTemplateFirst: 'Please select a template first',
  onlyOneLotForPreview: 'Please select only one lot to create preview',
  onlyOneLotToUnlist: 'Please select only one lot to unlist',
  noLotsToPrice: 'No lots selected for price calculation.',
  // spec §8 (a listing's own replies are ListingMessages')
  allListed: 'All lots added to WC',
  allUnlisted: 'All lots unlisted on WC',
  // the Listing Manager
  title: 'Listing Manager',
  lotsChosen: (count: number) => (count === 1 ? '1 lot selected' : `${count} lots selected`),
  noLotChosen: 'No lot selected: select lots in the table first.',
  template: 'Template',
  noTemplate: 'Select a template',
  quantity: 'Quantity',
  freeShipping: 'Free shipping',
  createPreview: 'Create Preview',
  list: 'List',
  unlist: 'Unlist',
  calculate: 'Calculate',
  publicListing: 'Public listing',
  pricing: 'Price multipliers',
  multipliers: {
    retailCostMult: 'Retail cost multiplier',
    minOfRetailMult: 'Minimum of retail multiplier',
    clientCostMult: 'Your cost multiplier',
    maxOfRetailMult: 'Maximum of retail multiplier',
    perUnitPriceMult: 'Per unit price',
  },
  specialNotes: 'Special notes',
  previewOffline: 'The preview needs the connection to the server.',
  templateNotSavedYet: 'The template is not saved on the server yet: try Create Preview again in a moment.',
  // the queues (spec §4: one lot at a time, a progress dialog until the last)
  listingTitle: 'Listing lots',
  unlistingTitle: 'Unlisting lots',
  listingOne: (current: number, total: number) => `Listing lots: ${current} of ${total}`,
  unlistingOne: (current: number, total: number) => `Unlisting lots: ${current} of ${total}`,
  waitingForConnection: (count: number) => `${count} lots wait for the connection; they are kept on this device and go when it is back.`,
  lotFailed: (lotNumber: string, reason: string) => `${lotNumber}: ${reason}`,
  someFailed: (failed: number, total: number) => `${failed} of ${total} lots failed:`,
  queueRunning: 'Wait until the lots on their way are done.',
  unlistLotsTitle: 'Unlist Lots',
  unlistLotsMessage: (lots: string) => `Unlist ${lots} from the store? Their public pages go away.`,
  // the outbox panel
  priceLot: (lot: string) => `Calculate prices of ${lot}`,
  listLot: (lot: string) => `List ${lot} on the store`,
  unlistLot: (lot: string) => `Unlist ${lot} from the store`,
  // the notes area (spec §2: a selected note can be created, updated or deleted)
  notes: 'Notes',
  noteKind: 'Kind of note',
  noteKinds: { notes: 'Special notes', template: 'Templates' },
  note: 'Note',
  noNote: 'New note',
  label: 'Label',
  data: 'Text',
  createNote: 'Create',
  updateNote: 'Update',
  deleteNote: 'Delete',
  useNote: 'Use as special notes',
  // issue 31: the placeholders a template may use, listed beside its text
  placeholdersTitle: 'Placeholders you may use',
  placeholder: (name: string) => `{{${name}}}`,
  sectionsHint: (names: readonly string[]) =>
    `{{#name}}…{{/name}} shows what is between only when name has a value, {{^name}}…{{/name}} only when it has none; these may: ${names.join(', ')}. Any other placeholder is refused when the template is saved.`,
  // the HTML viewer (spec §2: full screen, Preview and Source tabs, source read-only)
  viewerTitle: (lotNumber: string) => `Listing preview: ${lotNumber}`,
  preview: 'Preview',
  source: 'Source',
  sourceLabel: 'HTML source (read-only)',
  // the auction listing manager (spec §2 Auctions, §5: its own words for List with no row)
  selectAtLeastOneLotToList: 'Please select at least one lot to list',
  listAuctionLot: (lot: string) => `List ${lot} on the store for the auction`,
  auctionRowNumbered: (id: number) => `auction lot ${id}`,
} as const;
