// Listing templates (DESIGN §5): a template is a note labelled `template_…` whose data is HTML with mustache
// placeholders. Only these placeholders exist; the server refuses any other tag. Shared so the client's template
// editor and docs/protocol.md name the same list the server renders.
import { NoteKind } from './listings';
import { TemplateMessages } from './messages';

export type PlaceholderName = keyof typeof TemplateMessages.placeholders;

/** Every placeholder, in the order the docs list them. */
export const PLACEHOLDERS = Object.keys(TemplateMessages.placeholders) as readonly PlaceholderName[];

/**
 * The placeholders that may open a section ({{#x}}…{{/x}}, shown when x is non-empty or true) or an inverted one
 * ({{^x}}…{{/x}}, shown otherwise): those that can be empty. The others always have a value, so a section on them
 * would only be a mistake.
 */
export const SECTION_PLACEHOLDERS: readonly PlaceholderName[] = ['freeShipping', 'specialNotes', 'categories', 'items'];

/** A note is a listing template when its label starts with this. */
export const TEMPLATE_LABEL_PREFIX = `${NoteKind.TEMPLATE}_`;

export const isPlaceholderName = (name: string): name is PlaceholderName => Object.hasOwn(TemplateMessages.placeholders, name);
