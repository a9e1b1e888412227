// The kinds of note (spec §3 Note): a note's label is `{kind}_{user label}`. Its own module so the listing templates'
// rules (listing-templates.ts) and the note schemas that use them (listings.ts) both read it without a cycle.

/** Label prefix kinds: a note's label is `{kind}_{user label}`. */
export const NoteKind = { TEMPLATE: 'template', NOTES: 'notes' } as const;
export type NoteKind = (typeof NoteKind)[keyof typeof NoteKind];
