// When a pointer on a row's drag handle becomes a drag (ui/table/sortable.tsx): plain numbers, so the browser tests
// that hold a finger down read the same values as the app.

/** How long a finger rests on the handle before the row lifts: shorter and a swipe that starts there would drag. */
export const TOUCH_HOLD_MS = 250;
/** How far a finger may wander during the hold and still lift the row (px). */
export const TOUCH_TOLERANCE_PX = 8;
/** A mouse drags after this many px, so a click on the handle stays a click. */
export const MOUSE_DISTANCE_PX = 4;
