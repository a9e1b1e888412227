// The spreadsheet worker (DESIGN §2): SheetJS parses off the main thread, so a big or hostile sheet never freezes
// a tablet's screen, and whatever a hostile file does to SheetJS stays in a worker that is thrown away after it.
import { expose } from 'comlink';
import { spreadsheetApi } from './spreadsheet-api';

expose(spreadsheetApi);
