// Inventory counts (issue 16): the domain's refusals, the Inventory screen, camera scanning and printable labels.

/** Inventory counts (spec §5, §8; issue 16). */
export const InventoryMessages = {
  alreadyInHistory: (lotNumber: string) => `Lot ${lotNumber} already in history.`,
  eventNotFound: (id: number) => `Inventory event ${id} not found.`,
  lotNotFound: (id: number) => `Lot ${id} not found.`,
  /** A scan of a lot its device did not hold, checked by the server (issue 31). */
  lotNumberNotFound: (lotNumber: string) => `Lot ${lotNumber} not found.`,
  eventCreated: (label: string) => `Inventory event created: ${label}`,
  recorded: (lotNumber: string) => `Lot ${lotNumber} added to history.`,
  deleted: (count: number) => `Deleted history entries: ${count}`,
  selectEventFirst: 'Please select an event first.',
  noTitles: 'No lots to get titles.',
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
  unknownLot: (code: string) => `'${code}' is not a lot number.`,
  recorded: (lotNumber: string) => `Lot ${lotNumber} counted.`,
  /** A lot the device does not hold, scanned offline: queued by its number (issue 31). */
  checkWhenOnline: (lotNumber: string) => `Lot ${lotNumber} will be checked when online.`,
  checkingLot: (lotNumber: string) => `Checking lot ${lotNumber} with the server…`,
  scanNotSent: (lotNumber: string) => `Lot ${lotNumber} was not sent: its change was discarded.`,
  recentScans: 'Recent scans',
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
  outcome: { found: 'Found.', already: 'Already counted.', checking: 'Not on this device —', refused: 'Not counted.', unknown: 'Unknown.' },
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
