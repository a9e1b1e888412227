// A person's input refused in their words: a lot's fields by name, a value out of bounds, a spreadsheet that cannot
// be read.
import { MIB } from '../limits';

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
