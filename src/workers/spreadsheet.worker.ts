// The spreadsheet worker (DESIGN §2): SheetJS parses off the main thread, so a big sheet never freezes a tablet's
// screen. Exposed through comlink; the file's bytes are transferred in, plain records come back.
import { expose } from 'comlink';
import { readSpreadsheet } from './spreadsheet';

const api = { readSpreadsheet };
export type SpreadsheetWorkerApi = typeof api;

expose(api);
