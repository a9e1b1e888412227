// The boxes domain's public face: its handlers, and what the items domain uses — who reaches a box (./box-access)
// and the box's row type.
export { boxHandlers } from './handlers';
export { findVisibleBox, lockVisibleBox, type BoxAccess } from './box-access';
export type { BoxRow } from './box-presenter';
