// Images (issue 14): the image manager, Image entry, refused files and addresses.
import { MIB } from '../limits';

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
