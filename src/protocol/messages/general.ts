// What the server says in its replies and refusals (sign-in, lots, boxes, catalogue), and what the client shows
// of its own (spec §5 validation, §8 reply handling).
import { COUNT_MAX, MONEY_MAX } from '../limits';

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
  /** A lotdesk-protocol header that is not a version number (issue 32). */
  badProtocolHeader: (header: string) => `Invalid ${header} header, which must be a whole number (the protocol version the client speaks).`,
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
  /** This app's protocol version refused by the server (issue 32): the prompt's words. */
  clientTooOld: (queued: number | undefined) => (queued === undefined || queued === 0
    ? 'LotDesk was updated. Reload to continue; your changes on this device are kept.'
    : `LotDesk was updated. Reload to continue; your ${queued} queued ${queued === 1 ? 'change is' : 'changes are'} kept.`),
  serverTooOld: 'This device has a newer LotDesk than the server. Your changes are kept here and sent once the server is updated; it is asked again every 30 seconds.',
  /** Spec §1/§4: the status after loads and after an error message. */
  ready: 'Ready.',
  // replies (spec §8)
  notUsed: 'Error, wrong message type, NOT_USED.',
  /** A lot changed in another session merged into the table (spec §4, §8), as an info toast. */
  tableLotUpdated: 'Table Lot Updated.',
  /** XLS Data Entry after Save Changes: saving the same sheet again would add every row again (issue 31). */
  xlsSaved: 'This sheet is saved to the box. To add it again, choose the file again.',
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
  /** A UPC scanned offline that the device's catalogue does not hold (issue 31). */
  upcNotOnDevice: 'Not on this device — will be checked when online',
  /** Data entry: what the device keeps for scanning offline (issue 31). */
  catalogueOnDevice: (held: number, budget: number, megabytes: number) =>
    `On this device for scanning offline: ${held.toLocaleString('en-US')} of at most ${budget.toLocaleString('en-US')} catalogue entries (about ${megabytes} MB).`,
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
  // the error page in plain words (issue 31): what happened, and the way back
  pageNotFound: 'Page not found (404)',
  noPageHere: (path: string) => `There is no page at ${path}. The address may be mistyped, or the page has moved.`,
  pageFailed: 'Something went wrong on this page. Going back to the Lots page and trying again usually helps.',
  backToLots: 'Go to the Lots page',
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
