// The UPC catalogue's public face: its handlers — CRUD (./crud) and the type-ahead and Search (./suggestions).
import { defineHandlers } from '../handler';
import { upcCrudHandlers } from './crud';
import { upcSuggestionHandlers } from './suggestions';

export const upcHandlers = defineHandlers({ ...upcCrudHandlers, ...upcSuggestionHandlers });
