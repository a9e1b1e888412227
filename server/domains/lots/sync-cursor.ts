// The syncLots cursor (docs/protocol.md "syncLots"): where a device's copy of the lots left off, as the client keeps
// and sends it back. Pure: no database. A position is a (writer_xid, lot id) pair, "strictly after"; the floor is the
// oldest transaction id still running when the run began, below which every write had committed (or never would):
// a run ends with the floor as the cursor, so a write that was still running then is sent by the next run, however
// late it commits. Rows written at or after the floor may come twice: harmless, a device puts the newer one. A
// cursor names the account it was given to: another's (a new account under a removed one's name, on the same
// device) starts over, so no lot the former account held stays behind.

/** Whose copy a cursor is of: this database (its sync_epoch) and one account (users.id). */
export interface Scope {
  readonly epoch: string;
  readonly user: number;
}

/** Where one page starts, and what the run's last page hands back to keep. */
export interface SyncPosition extends Scope {
  readonly floor: number;
  readonly xid: number;
  readonly id: number;
  /** The run started over: lots the device holds that this run does not send are gone. */
  readonly full: boolean;
}

const NUMBER = /^\d{1,15}$/;
const EPOCH = /^[0-9a-f-]{36}$/;

/** What a request's `after` asks for: a new run (from nothing, or from a kept cursor's floor), or a run's next page. */
export type SyncRequest =
  | { readonly kind: 'start-over' }
  | { readonly kind: 'resume'; readonly from: number }
  | { readonly kind: 'page'; readonly position: SyncPosition };

/** A run's first page: its floor is the oldest transaction running now; it starts after `from`'s position. */
export function firstPosition(request: Exclude<SyncRequest, { kind: 'page' }>, scope: Scope, floor: number): SyncPosition {
  // Rows never stamped have writer_xid 0; a kept cursor resumes at its floor: every row stamped at or after it.
  return request.kind === 'start-over' ? { ...scope, floor, xid: -1, id: -1, full: true } : { ...scope, floor, xid: request.from, id: -1, full: false };
}

/**
 * What `after` asks for. A new run starts over on '' (nothing held), another database's epoch, another account's
 * cursor, or a floor this database has not reached (a cursor from before a restore). Throws on text that is no
 * cursor at all.
 */
export function parseCursor(after: string, scope: Scope, newestXid: number): SyncRequest {
  if (after === '') return { kind: 'start-over' };
  const [cursorEpoch = '', userText = '', floorText = '', xidText, idText, fullText, ...rest] = after.split('.');
  const numbers = [userText, floorText, ...(xidText === undefined ? [] : [xidText, idText ?? ''])];
  const shaped = EPOCH.test(cursorEpoch) && numbers.every((part) => NUMBER.test(part)) && rest.length === 0 && (fullText === undefined || fullText === 'f');
  if (!shaped) throw new Error('not a sync cursor');
  const floor = Number(floorText);
  if (cursorEpoch !== scope.epoch || Number(userText) !== scope.user || floor > newestXid) return { kind: 'start-over' };
  if (xidText === undefined) return { kind: 'resume', from: floor };
  return { kind: 'page', position: { ...scope, floor, xid: Number(xidText), id: Number(idText), full: fullText === 'f' } };
}

/** The cursor of the page after one that ended at `position`; `more` false: the one to keep (the run's floor). */
export function formatCursor(position: SyncPosition, more: boolean): string {
  const kept = `${position.epoch}.${position.user}.${position.floor}`;
  return more ? `${kept}.${position.xid}.${position.id}${position.full ? '.f' : ''}` : kept;
}
