// Every message a person reads, in one catalogue that the server and the client both use: spec §8's texts word
// for word, the server's reply and refusal messages, and the client's own validation texts. A message that is
// not here is not shown. Grouped by who says it; functions fill the spec's placeholders.
import { COUNT_MAX, MONEY_MAX } from './limits';

const MIB = 1024 * 1024;

/** What the server says in reply envelopes (and on loginResponse); the client compares some of them. */
export const ServerMessages = {
  // signing in (spec §8)
  invalidCredentials: 'Invalid credentials',
  loginThrottled: (seconds: number) => `Too many failed logins. Try again in ${seconds} seconds.`,
  loginBusy: 'The server is busy checking other sign-ins. Try again in a moment.',
  /** HTTP 429: one address sent more requests than the per-minute limit. */
  tooManyRequests: (seconds: number) => `Too many requests. Try again in ${seconds} seconds.`,
  unauthorized: 'Unauthorized: sign in again.',
  /** On the errors topic (UNAUTHORIZED) when a session's token runs out: it gets no more pushes. */
  sessionExpired: 'Unauthorized: your session has expired, sign in again.',
  /** On the errors topic (UNAUTHORIZED) before the server closes a session whose account was removed or changed. */
  sessionRevoked: 'Unauthorized: your account was changed or removed, sign in again.',
  internalError: 'Internal server error. Please try again.',
  unknownDestination: (destination: string) => `Unknown destination: ${destination}`,
  notYetServed: (destination: string) => `Destination not yet served: ${destination}`,
  /** An outbox entry's client-msg-id (or an upload's Idempotency-Key) out of bounds. */
  invalidKey: (header: string, max: number) => `Invalid request: the ${header} header must have 1 to ${max} characters.`,
  /** The same client-msg-id (or Idempotency-Key) sent with another destination than the one it was recorded for. */
  keyReused: (header: string) => `Invalid request: this ${header} was already used for a different request; a new change needs a new ${header}.`,
  /** A pipelined outbox entry whose predecessor (named by after-msg-id) was not applied: nothing ran, send it again. */
  /** syncLots' `after` is not a cursor the server gave. */
  notASyncCursor: 'Invalid request: after: not a sync cursor.',
  tooEarly: (header: string) => `Not applied: the change named by ${header} has not been applied yet; this one is sent again after it.`,
  notFoundHttp: (method: string, path: string) => `Not found: ${method} ${path}`,
  /** A multipart body the server cannot read as a form (no boundary, cut short, not multipart at all). */
  malformedMultipart: 'Invalid request: the body could not be read as a multipart form.',
  // the live connection's limits: each is an ERROR frame, then the socket closes (the login screen shows the text)
  limitReached: (limit: string, max: number) => `Limit reached: ${limit} (at most ${max}). The connection is closed.`,
  signInTimeout: (seconds: number) => `Not signed in within ${seconds} s. The connection is closed.`,
  frameTimeout: (seconds: number) => `A frame was not completed within ${seconds} s. The connection is closed.`,
  silenceTimeout: (seconds: number) => `Nothing received for ${seconds} s (heart-beats are required). The connection is closed.`,
  signInFirst: (destination: string) => `Sign in first: ${destination} is not open before signing in.`,
  // lots (spec §6, §8)
  lotNotFoundOrNotOwned: "Lot not found or you don't own this lot!",
  createdManifest: (title: string) => `Created manifest: ${title}`,
  copiedManifest: (lotNumber: string) => `Copied manifest: ${lotNumber}`,
  deletedLots: (count: number) => `Deleted lots: ${count}`,
  foundLots: (found: number, asked: number) => `Found lots: ${found} of ${asked}`,
  /** updateManifest(s) with a lot that names no field it may change (issue 13: the body may be partial). */
  nothingToChange: 'Nothing to change: name at least one editable field (title, categories, counts, totals, notes or location).',
  // boxes and items (spec §8)
  boxNotFound: 'Error, boxId is null or invalid',
  deleteBoxInvalid: 'Error, deleting box failed. Invalid box selected.',
  notOneBox: 'Error, the items are not all in one box.',
  boxFull: (maxRows: number) => `Error, a box holds at most ${maxRows} different UPCs.`,
  addedBox: (label: string) => `Added box: ${label}`,
  deletedBox: (name: string) => `Deleted box: ${name}`,
  updatedBox: (name: string) => `Updated box: ${name}`,
  addedUpc: (upc: string) => `Added UPC: ${upc}`,
  addedOneMore: (upc: string, quantity: number) => `Added 1 more of ${upc}: ${quantity}`,
  upcNotFound: (upc: string) => `UPC ${upc} not found.`,
  bulkAdded: (count: number) => `Successfully added ${count} UPCs to the box.`,
  updatedItems: (count: number) => `Updated items: ${count}`,
  deletedItems: (count: number) => `Deleted items: ${count}`,
  /** Totals past the wire's bounds could not be sent (a lot's units are a Count, its totals Money): refused instead. */
  totalsOutOfRange: `Error, the lot's totals would be out of range (at most ${COUNT_MAX} units, and ${MONEY_MAX} in retail or listing total).`,
  itemNotFound: (id: number) => `Item ${id} not found.`,
  // the UPC catalogue
  adminsDelete: 'Only admins can delete catalogue entries.',
  foundUpcs: (count: number) => `Found UPCs: ${count}`,
  upcTaken: (upc: string) => `UPC ${upc} is already in the catalogue.`,
  entryNotFound: (id: number) => `UPC entry ${id} not found.`,
  savedUpc: (upc: string) => `Saved UPC: ${upc}`,
  savedUpcs: (count: number) => `Saved UPCs: ${count}`,
  updatedUpcs: (count: number) => `Updated UPCs: ${count}`,
  deletedUpcs: (count: number) => `Deleted UPCs: ${count}`,
} as const;

/** What the client shows (spec §5 validation texts, §8 reply handling), besides the server's words. */
export const ClientMessages = {
  // replies (spec §8)
  notUsed: 'Error, wrong message type, NOT_USED.',
  /** A lot changed in another session merged into the table (spec §4, §8), as an info toast. */
  tableLotUpdated: 'Table Lot Updated.',
  /** ADDED_MULT_UPCS_TO_BOX with UPCs the catalogue does not have (spec §8). */
  upcsNotAdded: (count: number) => `Error, ${count} UPCs were not found/not added.`,
  brokerError: 'An error occurred',
  /** How an HTTP 403 without a message is read (spec §7). */
  forbidden: 'Invalid token or not authorised.',
  signInToChange: 'Sign in to make changes.',
  /** A sent login with no reply within LOGIN_ANSWER_MS (the connection is then opened afresh). */
  loginNoAnswer: 'The server did not answer. Try again.',
  /** The column chooser's description (issue 13: key columns cannot be hidden). */
  chooseColumns: 'Choose the columns this device shows. The key columns always show.',
  /** Login pressed with no connection to the server (after a Logout offline the page shows without its overlay). */
  signInNeedsConnection: 'No connection to the server yet. Try again when it is back.',
  // the top bar (issue 13): Logout while the outbox still holds this user's changes
  logoutTitle: 'Logout',
  changesWaiting: (count: number) =>
    `${count} ${count === 1 ? 'change is' : 'changes are'} waiting to be sent. They stay on this device and are sent when you sign in again.`,
  // screens' secondary actions on a phone (issue 13)
  moreActions: 'More actions',
  // the outbox
  notCreated: 'Not sent: what it refers to was never created.',
  notCreatedDiscarded: 'Not sent: what it refers to was discarded before it was sent.',
  /** An entry given up after the server failed it this many times (its last message after the colon). */
  gaveUp: (faults: number, message: string) => `Not sent: the server failed it ${faults} times. ${message}`,
  // the outbox panel: each waiting or refused change in words (issue 13)
  changeSentTo: (destination: string) => `Change sent to ${destination}`,
  sendFileTo: (fileName: string, destination: string) => `Send ${fileName} to ${destination}`,
  lotTitled: (title: string) => `lot '${title}'`,
  lotNumbered: (id: number) => `lot #${id}`,
  lotsCounted: (count: number) => `${count} lots`,
  createLot: (title: string) => `Create lot '${title}'`,
  copyLot: (lot: string) => `Duplicate ${lot}`,
  deleteLots: (lots: string) => `Delete ${lots}`,
  setLotStatus: (lots: string, status: string) => `Set ${lots} to ${status}`,
  setLotLocation: (lot: string) => `Set the location of ${lot}`,
  saveLots: (lots: string) => `Save changes to ${lots}`,
  renameLot: (title: string) => `Rename lot to '${title}'`,
  boxNumbered: (id: number) => `#${id}`,
  addBox: (label: string, lot: string) => `Add box ${label} to ${lot}`,
  deleteBox: (box: string) => `Delete box ${box}`,
  saveBox: (box: string) => `Save box ${box}`,
  addUpcToBox: (quantity: number, upc: string, box: string) => `Add ${quantity} × ${upc} to box ${box}`,
  addUpcsToBox: (count: number, box: string) => `Add ${count} UPCs to box ${box}`,
  saveItems: (items: string, box: string) => `Save ${items} in box ${box}`,
  deleteItems: (items: string, box: string) => `Delete ${items} from box ${box}`,
  saveItemsOfNoBox: (items: string) => `Save ${items}`,
  deleteItemsOfNoBox: (items: string) => `Delete ${items}`,
  itemUpc: (upc: string) => `item ${upc}`,
  itemsCounted: (count: number) => `${count} items`,
  createUpc: (upcs: string) => `Save ${upcs} to the catalogue`,
  readUpc: (upcs: string) => `Look up ${upcs} in the catalogue`,
  updateUpc: (upcs: string) => `Update ${upcs} in the catalogue`,
  deleteUpc: (upcs: string) => `Delete ${upcs} from the catalogue`,
  upcNamed: (upc: string) => `UPC ${upc}`,
  upcsCounted: (count: number) => `${count} UPCs`,
  // lots (spec §5)
  titleRequired: 'Title cannot be empty',
  titleTooLong: (max: number) => `Title must be at most ${max} characters`,
  selectLotFirst: 'Please select a lot first',
  selectLotsFirst: 'Select lots first',
  atMostLots: (max: number) => `At most ${max} lots at a time`,
  atMostCategories: (max: number) => `At most ${max} categories per lot`,
  noSkus: 'No SKUs entered.',
  /** This device's confirmed change to a lot's field was replaced by a newer one from elsewhere (issue 13), a warning. */
  lotChangeReplaced: (lotNumber: string, fields: readonly string[]) =>
    fields.length === 1
      ? `Lot ${lotNumber}: your change to ${fields[0] ?? ''} was replaced by a newer change from elsewhere.`
      : `Lot ${lotNumber}: your changes to ${fields.slice(0, -1).join(', ')} and ${fields.at(-1) ?? ''} were replaced by newer changes from elsewhere.`,
  // Lot edit (spec §5, §8)
  boxLabelRequired: 'Error, box label cannot be empty.',
  noBox: 'Error, boxId is null or invalid',
  invalidBox: 'Error, deleting box failed. Invalid box selected.',
  upcRequired: 'Please specify a UPC when adding the item.',
  noItemsToUpdate: 'No items selected to update...',
  noItemsToDelete: 'No items selected to delete...',
  noItemsInBox: 'No items in the current box.',
  invalidLotId: (id: string) => `Invalid lot ID: ${id}`,
  lotNotOnDevice: (id: number) => `Lot ${id} is not on this device yet. It loads when the connection is back.`,
  lotMadeHereGone: 'This lot was made on this device but never reached the server: the server refused it or it was discarded.',
  // data entry (spec §4, §5)
  noItemsToSave: 'No items selected to save...',
  noChangedRows: 'No changed rows to update...',
  allUpcsSaved: 'All UPCs Saved.',
  savingUpcs: 'Saving UPCs',
  savedPartly: (saved: number, total: number) => `Saved ${saved} of ${total} UPCs; the refused rows are back in the table.`,
  upcNotSavedYet: 'This UPC is not on the server yet; change it once it is saved.',
  noUpcColumn: "The file has no 'upc' column.",
  missingColumns: (names: readonly string[]) => `The file has no ${names.map((name) => `'${name}'`).join(' or ')} column.`,
  reading: (name: string) => `Reading ${name}...`,
  updatingUpcs: (count: number) => `Updating UPCs: ${count}`,
  // a UPC that cannot be right (its row is kept and marked, never dropped)
  upcCheckDigit: (upc: string, expected: number) => `UPC ${upc} has a wrong check digit: for these digits the last one should be ${expected}. Check the number.`,
  upcDigitCount: (upc: string) => `UPC ${upc} has ${upc.length} digits; a UPC has 12 (an EAN 13). Check the number.`,
  upcsToCheck: (count: number, first: string) => `${count} UPCs look wrong; their rows are kept and marked (first: ${first}).`,
  // forms
  loginRequired: 'Username and Password are required',
  invalidInput: (what: string, where: string, reason: string) => `Invalid ${what}: ${where}${reason}`,
  numberRequired: (label: string, value: string) => `ERROR, ${label} must be a number. Invalid number:${value}`,
  errorPageTitle: 'Unexpected Application Error!',
  noFile: 'No file selected',
  // images (spec §5, §8)
  noCurrentLot: 'No currentLot to upload images to.',
  noUpc: 'No UPC is provided.',
  invalidImageType: (type: string) => `Invalid type: ${type} Should be 'box' or 'upc'.`,
  sendFileFailed: (name: string) => `Error sending file: ${name}`,
  removeBackgroundFailed: (name: string) => `Error removing background: ${name}`,
  noDeletedImages: 'Error: response.data is null or undefined',
  noImagesSelected: 'Select images first.',
  lotNotSentYet: 'This lot is not on the server yet: add its images once it is (it has no lot number until then).',
  imageNotInStore: (name: string) => `${name} has no store media id yet: its background cannot be removed.`,
  loadImages: (lot: string) => `Load the catalogue images of ${lot}`,
  deleteImages: (count: number) => `Delete ${count} images`,
  removeBackground: (name: string) => `Remove the background of ${name}`,
  saveImageByUrl: (upc: string, url: string) => `Save the image of UPC ${upc} from ${url}`,
  deleteImagesOfUpcs: (upcs: string) => `Delete the images of ${upcs}`,
} as const;

/** The image manager's own texts (Lot edit's modal, Data entry's Images column, /imagemanager). */
export const ImageManagerMessages = {
  title: (what: string) => `Images of ${what}`,
  newLot: 'the new lot',
  upload: 'Upload Images',
  takePhoto: 'Take photo',
  deleteImages: 'Delete Image(s)',
  loadImages: 'Load Images',
  removeBackgrounds: 'Remove Background(s)',
  confirmDelete: (count: number) => (count === 1 ? 'Delete the selected image? Its files are removed for good.' : `Delete the ${count} selected images? Their files are removed for good.`),
  queued: (count: number) => (count === 1 ? '1 image is queued for upload.' : `${count} images are queued for upload.`),
  notImage: (name: string) => `${name} is not an image.`,
  waiting: 'Waiting to upload',
  uploading: 'Uploading',
  notSent: (reason: string) => `Not sent: ${reason}`,
  empty: 'No images yet.',
  noPreview: 'No preview',
  open: 'Open',
  preview: (name: string) => `Show ${name} full size`,
  select: (name: string) => `Select ${name}`,
  link: (name: string) => `Open ${name} in a new tab`,
  lotLoading: 'Loading the lot…',
} as const;

/** A lot's fields as the Lots page names them (its column headers, the location dialog's fields), by wire name. */
export const LotFieldLabels = {
  titleListing: 'Title',
  status: 'Status',
  categories: 'Categories',
  numberOfPallets: 'Pallets',
  numberOfCartons: 'Cartons',
  numberOfUnits: 'Units',
  totalOriginalRetail: 'Retail',
  totalListingPrice: 'Listing',
  specialNotes: 'Special notes',
  loc_zone: 'Zone',
  loc_aisle: 'Aisle',
  loc_column: 'Column',
  loc_row: 'Row',
  loc_box: 'Bin',
} as const;

/**
 * Why a value is refused, in a person's words (issue 13): the same sentence from the client's check before a change
 * is queued and from the server's BAD_REQUEST. `label` is the field as the screens name it ('Units', 'Qnty').
 */
export const FieldMessages = {
  wholeNumber: (label: string) => `${label} must be a whole number.`,
  notNegative: (label: string) => `${label} cannot be negative.`,
  atLeast: (label: string, min: string) => `${label} must be at least ${min}.`,
  atMost: (label: string, max: string) => `${label} must be at most ${max}.`,
  number: (label: string) => `${label} must be a number.`,
  required: (label: string) => `${label} is required.`,
  empty: (label: string) => `${label} cannot be empty.`,
  tooLong: (label: string, max: string) => `${label} is too long (at most ${max} characters).`,
  tooShort: (label: string, min: string) => `${label} is too short (at least ${min} characters).`,
  tooFew: (label: string, min: string) => `${label} must have at least ${min}.`,
  tooMany: (label: string, max: string) => `${label} must have at most ${max}.`,
  oneOf: (label: string, values: string) => `${label} must be one of ${values}.`,
  wrongKind: (label: string, kind: string) => `${label} must be ${kind}.`,
  notValid: (label: string) => `${label} is not valid.`,
  unknownFields: (names: string) => `Unknown field(s): ${names}.`,
  /** Where in a list the refused value is: 'item 3: Qnty must be a whole number.' (1-based, as a person counts). */
  at: (positions: readonly number[], sentence: string) => `${positions.map((index) => `item ${index + 1}`).join(', ')}: ${sentence}`,
  /** The value of a body that is a bare value (a title, an id). */
  value: 'The value',
} as const;

/** Why a spreadsheet cannot be read (spec §5: unsupported or encrypted files are rejected), in words for the user. */
export const SpreadsheetMessages = {
  empty: 'The file is empty.',
  tooLarge: (maxBytes: number) => `The file is larger than ${maxBytes / MIB} MB.`,
  /** `accepted`: the file kinds the picker takes, e.g. ['xlsx', 'xls']. */
  notKind: (accepted: readonly string[]) => {
    const names = accepted.map((kind) => `.${kind}`);
    return `The file is not ${names.length > 1 ? `${names.slice(0, -1).join(', ')} or ${names.at(-1) ?? ''}` : (names[0] ?? 'a spreadsheet')}.`;
  },
  unpackedTooLarge: 'The file is too large once unpacked.',
  tooManyParts: 'The file has too many parts to be a spreadsheet.',
  passwordProtected: 'The file is password-protected.',
  unreadable: 'The file could not be read as a spreadsheet.',
  noSheet: 'The file has no sheet.',
  timedOut: 'Reading the file took too long.',
} as const;

/** Why an image file is refused, and what the images domain says (issue 14: hostile files get a clear answer). */
export const ImageMessages = {
  empty: (name: string) => `${name} is empty (0 bytes).`,
  tooLarge: (name: string, maxBytes: number) => `${name} is larger than ${maxBytes / MIB} MB.`,
  notImage: (name: string) => `${name} is not an image: JPEG, PNG, WebP, GIF, AVIF or TIFF files are accepted.`,
  svg: (name: string) => `${name} is an SVG drawing: SVG is not accepted (it can carry scripts); send a JPEG, PNG or WebP.`,
  unreadable: (name: string) => `${name} could not be read as an image: it is damaged or cut short.`,
  tooManyPixels: (name: string, maxMegapixels: number) => `${name} has too many pixels: at most ${maxMegapixels} megapixels.`,
  tooSlow: (name: string) => `${name} took too long to process.`,
  busy: 'The server is busy processing other images. Try again in a moment.',
  noFile: "No file in the upload: send the image in the form field 'file'.",
  noOwner: 'Say which UPC or lot (SKU) the image is for.',
  uploaded: (name: string) => `Uploaded image: ${name}`,
  deleted: (count: number) => `Deleted images: ${count}`,
  attached: (count: number) => `Added images from the catalogue: ${count}`,
  found: (count: number) => `Found images: ${count}`,
  notFound: (id: number) => `Image ${id} not found.`,
  full: (max: number) => `A lot or a UPC holds at most ${max} images.`,
  backgroundRemoved: (name: string) => `Removed the background: ${name}`,
  backgroundFailed: (name: string) => `The background of ${name} could not be removed.`,
  /** The name of the picture a background removal makes: 'shoe.jpg' → 'shoe-no-bg.png'. */
  withoutBackground: (name: string) => `${name.replace(/\.[^.]*$/, '')}-no-bg.png`,
  storageUnavailable: 'The image storage is not answering. Try again in a moment.',
} as const;

/** Why an image address is not fetched (issue 14: only public http(s) addresses; DESIGN §5). */
export const UrlFetchMessages = {
  notHttp: (scheme: string) => `Only http and https addresses are fetched, not ${scheme}`,
  userinfo: 'Addresses with a user name or password are not fetched.',
  notPublic: (host: string) => `${host} is not a public address: images are fetched only from the public internet.`,
  unresolved: (host: string) => `${host} could not be found.`,
  unreachable: (host: string) => `Could not connect to ${host}.`,
  tooManyRedirects: (max: number) => `Too many redirects (at most ${max}).`,
  timedOut: (seconds: number) => `The image host did not answer within ${seconds} s.`,
  status: (status: number) => `The image host answered ${status}.`,
  notUrl: 'The image address is not a web address (http://… or https://…).',
} as const;

/** Image entry's own texts (spec §2 Image entry: a sheet of upc and url, Save Images, Delete Images, cancel). */
export const ImageEntryMessages = {
  title: 'Image Entry',
  selectFile: 'Select Spreadsheet',
  saveImages: 'Save Images',
  deleteImages: 'Delete Images',
  cancel: 'Cancel',
  tableLabel: 'Rows of the sheet',
  empty: 'Choose a spreadsheet with upc and url columns: each row becomes an image of that UPC.',
  /** A sheet without one of the two columns (spec §3: image entry uses upc and url). */
  noColumns: (missing: readonly string[]) => `The file has no ${missing.map((name) => `'${name}'`).join(' or ')} column: image entry needs upc and url.`,
  reading: (fileName: string) => `Reading ${fileName}...`,
  read: (rows: number, fileName: string) => `Read ${rows} rows from ${fileName}.`,
  skipped: (count: number, firstRow: number, reason: string) => `Skipped ${count} rows (first: row ${firstRow}, ${reason.replace(/\.$/, '')}).`,
  truncated: 'Only the first rows were read: the sheet is too long.',
  noRows: 'No rows to save: choose a spreadsheet with upc and url columns first.',
  allSaved: 'Every row of the sheet is saved already.',
  runningNow: 'Wait until the images being saved are done (or cancel them).',
  waiting: 'Waiting',
  waitingOffline: 'Waiting for the connection',
  retrying: (reason: string) => `Waiting to retry: ${reason}`,
  saving: 'Saving...',
  notSent: 'Not sent',
  /** Confirmed, but the server's answer went to another tab of this device. */
  savedElsewhere: 'Saved.',
  notSaved: 'Not saved yet',
  imagesDeleted: 'Images deleted',
  progressTitle: 'Saving images',
  progress: (current: number, total: number) => `Saving images: ${current} of ${total}`,
  cancelling: 'Cancelling: the image on its way is finished first; the rest are not sent.',
  finished: (saved: number, refused: number) => (refused === 0 ? `Saved ${saved} images.` : `Saved ${saved} images; ${refused} were refused (see each row).`),
  cancelled: (saved: number, notSent: number) => `Cancelled: ${saved} images saved, ${notSent} not sent.`,
  waitingForConnection: (count: number) => `${count} images wait for the connection; they are kept on this device.`,
  deleteTitle: 'Delete Images',
  deleteMessage: (upcs: number) => `Delete every image of the ${upcs} UPCs in this sheet? This cannot be undone.`,
  thumbnail: (upc: string) => `Image of ${upc}`,
} as const;

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

/** Inventory counts (spec §5, §8; issue 16). */
export const InventoryMessages = {
  alreadyInHistory: (lotNumber: string) => `Lot ${lotNumber} already in history.`,
  eventNotFound: (id: number) => `Inventory event ${id} not found.`,
  lotNotFound: (id: number) => `Lot ${id} not found.`,
  eventCreated: (label: string) => `Inventory event created: ${label}`,
  recorded: (lotNumber: string) => `Lot ${lotNumber} added to history.`,
  deleted: (count: number) => `Deleted history entries: ${count}`,
  selectEventFirst: 'Please select an event first.',
  noTitles: 'No lots to get titles.',
} as const;

/** Auction events and their ordered lots (spec §5, §8; issue 17). */
export const AuctionMessages = {
  eventNotFound: (id: number) => `Auction event ${id} not found.`,
  rowNotFound: (id: number) => `Auction lot ${id} not found.`,
  added: 'Manifest(s) added to auction event successfully.',
  selectEventAndLots: 'No auction event selected or no lots selected. Please select an auction event and lots first.',
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

/** Scanning barcodes with the device's camera (issue 16): what the scanner's dialog says. */
export const CameraMessages = {
  open: 'Scan with camera',
  title: 'Scan a barcode',
  aim: 'Point the camera at a barcode: lot labels (Code 128), location labels (QR) and product UPC/EAN codes are read.',
  starting: 'Starting the camera…',
  read: (code: string) => `Read ${code}`,
  close: 'Close',
  denied: 'The camera is blocked for this site: allow it in the browser settings, or type the code.',
  noCamera: 'This device has no camera: type the code instead.',
  insecure: 'The camera needs a secure (https) connection: type the code instead.',
  failed: (reason: string) => `The camera could not start (${reason}): type the code instead.`,
  readerFailed: 'The barcode reader could not load: type the code instead.',
} as const;

/** Printable labels for lots and warehouse locations (issue 16). */
export const LabelMessages = {
  title: 'Labels',
  format: 'Label size',
  print: 'Print',
  none: 'No labels to print: choose lots on the Lots page, or a location in Inventory.',
  lotsMissing: (count: number) => `${count} of the chosen lots are not on this device; their labels are left out.`,
  location: 'Location',
  printLabel: 'Print label',
  printLabels: 'Print labels',
  printLocationLabel: 'Print location label',
  barcodeAlt: (code: string) => `Barcode ${code}`,
} as const;

/** The Inventory screen and its count flow (spec §2 Inventory, §9; issue 16): outbox words, scan results, CSV. */
export const InventoryScreenMessages = {
  describeCreateEvent: (label: string) => `Create inventory event '${label}'`,
  describeRecord: (lotNumber: string, location: string) => `Record lot ${lotNumber} at ${location}`,
  describeDelete: (count: number) => `Delete ${count} history ${count === 1 ? 'entry' : 'entries'}`,
  noLotNumber: 'Scan or type a lot number first.',
  unknownLot: (code: string) => `Lot ${code} is not known on this device.`,
  recorded: (lotNumber: string) => `Lot ${lotNumber} counted.`,
  noRowsSelected: 'Select at least one history entry first.',
  confirmDeleteTitle: 'Delete Selected',
  confirmDelete: (count: number) => `Delete ${count} history ${count === 1 ? 'entry' : 'entries'}? The lots themselves stay.`,
  checkingStatus: 'Checking lots status...',
  offlineQuery: 'Not connected: this needs the server. Try again once online.',
  gettingTitles: (count: number) => `Getting titles for ${count} lots...`,
  nothingToApply: 'Nothing to apply: every lot found here is already recorded at this location.',
  applied: (count: number) => `Location updated for ${count} ${count === 1 ? 'lot' : 'lots'}.`,
  notYours: (lotNumbers: readonly string[]) =>
    `Not changed (you may not change these lots; their owner or an admin can): ${lotNumbers.join(', ')}`,
  csvEmpty: 'No history rows to download.',
  eventField: 'Inventory event',
  eventDetails: 'Event details',
  selectEvent: 'Select an event',
  eventOption: (label: string, id: number) => (id < 0 ? `${label} (not sent yet)` : `${label} (#${id})`),
  notSentYet: 'Not sent yet',
  pending: 'Pending',
  user: (id: number) => `User ${id}`,
  createEvent: 'Create Event',
  createEventTitle: 'Create Inventory Event',
  createEventMessage: 'The event starts now. Its label:',
  label: 'Label',
  labelRequired: 'A label is needed.',
  lotField: 'Lot number',
  lotFieldHint: 'Scan or type a lot number, then Enter',
  countTitle: 'Count',
  locationLegend: 'Location (zone, aisle, column, row, bin)',
  noScanYet: 'Scan a lot to count it here.',
  outcome: { found: 'Found.', already: 'Already counted.', unknown: 'Unknown.' },
  expectedVsFound: 'Expected vs found here',
  expected: 'Expected',
  found: 'Found',
  missing: 'Missing',
  strays: 'Found here, stored elsewhere',
  applyCount: 'Apply count',
  selectAll: 'Select all history rows',
  historyTitle: 'History',
  historyEmpty: 'No lots counted in this event yet.',
  actions: 'Inventory actions',
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

/** The Auctions screen and the lots page's auction parts (issue 17): labels, describers and the screen's own words. */
export const AuctionScreenMessages = {
  describeCreateEvent: (label: string) => `Create auction event '${label}'`,
  describeUpdateEvent: (title: string) => `Save auction event '${title}'`,
  describeAdd: (count: number) => `Add ${count} lot(s) to an auction event`,
  describeUpdateRows: (count: number) => `Save ${count} auction lot(s)`,
  describeRemove: (count: number) => `Remove ${count} lot(s) from an auction event`,
  describeMoveUp: (id: number) => `Move auction lot ${id} up`,
  describeMoveDown: (id: number) => `Move auction lot ${id} down`,
  selectEvent: 'Select Auction Event',
  eventPicker: 'Auction event',
  addToAuction: 'Add to Auction',
  noRowsSelected: 'Please select at least one lot in the auction first.',
  noChanges: 'Nothing changed to update.',
  createEvent: 'Create Auction Event',
  eventTitle: 'Title',
  titleRequired: 'Please enter a title.',
  eventStart: 'Start',
  eventEnd: 'End',
  createdAt: 'Created at',
  eventDetails: 'Auction event details',
  notSentYet: 'not sent yet',
  pending: 'Pending',
  edit: 'Edit',
  update: 'Update',
  cancel: 'Cancel',
  actions: 'Auction actions',
  removeLot: 'Remove Lot',
  createTitle: 'Create Title',
  selectCategory: 'Select Category',
  selectFirstTitle: 'Select lots',
  confirmRemove: (count: number) => `Remove ${count} lot(s) from this auction event? The lots themselves stay.`,
  tableTitle: 'Lots in this auction',
  tableEmpty: 'No lots in this auction yet. Add them from the Lots page.',
  chooseEvent: 'Choose or create an auction event.',
  moveUp: (lotNumber: string) => `Move ${lotNumber} up`,
  moveDown: (lotNumber: string) => `Move ${lotNumber} down`,
  selectAll: 'Select all lots',
  titleLength: (length: number) => `${length} characters`,
  titleTooLong: (lotNumber: string, length: number) => `The auction title of lot ${lotNumber} is ${length} characters, over the usual 50.`,
  // drag and drop (issue 17: mouse, touch press-and-hold, keyboard)
  describePlace: (id: number, place: number) => `Move auction lot ${id} to place ${place}`,
  saleOrder: 'Sale order',
  dragHandle: (lotNumber: string) => `Drag ${lotNumber} to a new place in the sale`,
  dragHint: 'To move a lot: drag its handle (on a touch screen, press and hold it first), or focus the handle, press Space, move with the arrow keys and press Space again (Escape cancels).',
  pickedUp: (lotNumber: string, place: number, total: number) => `Picked up ${lotNumber}, at place ${place} of ${total}.`,
  movedOver: (lotNumber: string, place: number, total: number) => `${lotNumber} would go to place ${place} of ${total}.`,
  dropped: (lotNumber: string, place: number, total: number) => `${lotNumber} moved to place ${place} of ${total}.`,
  dragCancelled: (lotNumber: string) => `Move of ${lotNumber} cancelled.`,
  // the catalogue export (issue 17)
  exportCsv: 'Export CSV',
  catalogueEmpty: 'There are no lots in this auction to export.',
  catalogueExported: (count: number) => `Catalogue exported: ${count} lot(s).`,
} as const;
