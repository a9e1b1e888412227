// Listing templates (DESIGN §5): a template is a note labelled `template_…` whose data is HTML with mustache
// placeholders. Only these placeholders exist, and only the constructs templateRefusal allows. Shared, so the
// server's renderer, the server's and the device's check of a saved template (issue 31), the notes form's list of
// placeholders and docs/protocol.md all read the same list and say the same words. Not a refinement of the note
// schemas: those are in the login screen's JavaScript, and mustache stays out of it (the first-load budget).
// Which constructs a template may use: {{name}} of a known placeholder, comments, and sections on the few
// placeholders that can be empty. Everything else is named in a refusal, found by walking Mustache.parse's tokens,
// so a template is judged by what mustache would actually do with it.
import Mustache from 'mustache';
import { TemplateMessages } from './messages';
import { NoteKind } from './listings';

export type PlaceholderName = keyof typeof TemplateMessages.placeholders;

/** Every placeholder, in the order the docs and the notes form list them. */
export const PLACEHOLDERS = Object.keys(TemplateMessages.placeholders) as readonly PlaceholderName[];

/**
 * The placeholders that may open a section ({{#x}}…{{/x}}, shown when x is non-empty or true) or an inverted one
 * ({{^x}}…{{/x}}, shown otherwise): those that can be empty. The others always have a value, so a section on them
 * would only be a mistake.
 */
export const SECTION_PLACEHOLDERS: readonly PlaceholderName[] = ['freeShipping', 'specialNotes', 'categories', 'items'];

/** A note is a listing template when its label starts with this. */
export const TEMPLATE_LABEL_PREFIX = `${NoteKind.TEMPLATE}_`;

export const isTemplateLabel = (label: string): boolean => label.startsWith(TEMPLATE_LABEL_PREFIX);

export const isPlaceholderName = (name: string): name is PlaceholderName => Object.hasOwn(TemplateMessages.placeholders, name);

/** The only delimiters: set on every parse and render, so nothing global (Mustache.tags) can change them. */
export const TEMPLATE_TAGS: [string, string] = ['{{', '}}'];

type Token = Mustache.TemplateSpans[number];

const opensSection = (name: PlaceholderName): boolean => SECTION_PLACEHOLDERS.includes(name);

function problemOf(token: Token, template: string): string | undefined {
  const [type, name, start] = token;
  switch (type) {
    case 'text':
    case '!':
      return undefined;
    case 'name':
      return isPlaceholderName(name) ? undefined : TemplateMessages.unknown(name);
    case '&':
      // Mustache gives {{{x}}} and {{& x}} the same token; the source tells which one was written.
      return template.startsWith(`${TEMPLATE_TAGS[0]}{`, start) ? TemplateMessages.tripleBraces(name) : TemplateMessages.ampersand(name);
    case '>':
      return TemplateMessages.partial(name);
    case '=':
      return TemplateMessages.delimiters(name);
    case '#':
    case '^':
      if (!isPlaceholderName(name)) return TemplateMessages.unknown(name);
      if (opensSection(name)) return undefined;
      return type === '#' ? TemplateMessages.section(name, SECTION_PLACEHOLDERS) : TemplateMessages.inverted(name, SECTION_PLACEHOLDERS);
    default:
      return TemplateMessages.unknown(name);
  }
}

function collectProblems(tokens: Mustache.TemplateSpans, template: string, problems: string[]): void {
  for (const token of tokens) {
    const problem = problemOf(token, template);
    if (problem !== undefined && !problems.includes(problem)) problems.push(problem);
    const nested = token[4];
    if (Array.isArray(nested)) collectProblems(nested, template, problems);
  }
}

/**
 * Why the template may not be rendered: undefined when it may, else the whole refusal naming each construct. Parsed
 * by `writer`, whose cache then holds the very tokens checked here for the server's render; a writer per template
 * keeps mustache's global cache from growing with every template ever edited.
 */
export function templateRefusal(template: string, writer: Mustache.Writer = new Mustache.Writer()): string | undefined {
  let tokens: Mustache.TemplateSpans;
  try {
    tokens = writer.parse(template, TEMPLATE_TAGS) as Mustache.TemplateSpans;
  } catch (error) {
    return TemplateMessages.unreadable(error instanceof Error ? error.message : String(error));
  }
  const problems: string[] = [];
  collectProblems(tokens, template, problems);
  return problems.length === 0 ? undefined : TemplateMessages.refused(problems);
}

/**
 * Why a note may not be saved as it is (issue 31): a template is checked when it is saved, not first when it is
 * previewed, with the preview's own words. Any other note is text, never rendered: its braces are its own business.
 * The server's createNote and updateNote refuse with it, and the device before it queues either.
 */
export function noteSaveRefusal(note: { readonly label: string; readonly data: string }): string | undefined {
  return isTemplateLabel(note.label.trim()) ? templateRefusal(note.data) : undefined;
}
