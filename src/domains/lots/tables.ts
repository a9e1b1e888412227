// The lots domain's replica table and per-user facts (DESIGN §4).
import { z } from 'zod';
import type { Lot } from '../../protocol/lots';
import { metaKey } from '../../sync/replica/meta';
import { defineTable, type Replicated } from '../../sync/replica/table';

export type LotRow = Replicated<Lot>;

export const lotsTable = defineTable<Lot>({
  name: 'lots',
  schema: { 1: 'id, lotNumber, status, userId, titleListing, pending' },
  rules:
    'The server wins. A getLots reply replaces the non-pending rows its filter surely covers; lotById and every ' +
    'lot-carrying reply or push overwrite one row; DELETED_LOTS removes rows.',
});

/** The signed-in user's numeric id, learned from the server's own lots (an admin's My Lots needs it). */
export const OWN_USER_ID = metaKey('ownUserId', z.number(), { perUser: true });

/** Where this device's copy of the user's lots left off (syncLots' kept cursor, ./sync.ts); absent: a full run. */
export const LOTS_SYNC_CURSOR = metaKey('lotsSyncCursor', z.string(), { perUser: true });
