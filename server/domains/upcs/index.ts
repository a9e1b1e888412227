// The UPC catalogue's public face: its handlers — CRUD (./crud), the type-ahead and Search (./suggestions), and the
// entries a device keeps to scan offline (./cache).
import { defineHandlers } from '../handler';
import { upcCrudHandlers } from './crud';
import { upcSuggestionHandlers } from './suggestions';
import { upcCacheHandlers } from './cache';

export const upcHandlers = defineHandlers({ ...upcCrudHandlers, ...upcSuggestionHandlers, ...upcCacheHandlers });
