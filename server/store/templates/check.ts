// Which mustache constructs a listing template may use (DESIGN §5): {{name}} of a known placeholder, comments, and
// sections on the few placeholders that can be empty. Everything else is named in a refusal, found by walking
// Mustache.parse's tokens, so a template is judged by what mustache would actually do with it.
import Mustache from 'mustache';
import { isPlaceholderName, SECTION_PLACEHOLDERS, type PlaceholderName } from '../../../src/protocol/listing-templates';
import { TemplateMessages } from '../../../src/protocol/messages';

/** The only delimiters: set on every parse and render, so nothing global (Mustache.tags) can change them. */
export const TAGS: [string, string] = ['{{', '}}'];

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
      return template.startsWith(`${TAGS[0]}{`, start) ? TemplateMessages.tripleBraces(name) : TemplateMessages.ampersand(name);
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
 * by `writer`, whose cache then holds the very tokens checked here for its render; a writer per template keeps
 * mustache's global cache from growing with every template ever edited.
 */
export function templateRefusal(template: string, writer: Mustache.Writer = new Mustache.Writer()): string | undefined {
  let tokens: Mustache.TemplateSpans;
  try {
    tokens = writer.parse(template, TAGS) as Mustache.TemplateSpans;
  } catch (error) {
    return TemplateMessages.unreadable(error instanceof Error ? error.message : String(error));
  }
  const problems: string[] = [];
  collectProblems(tokens, template, problems);
  return problems.length === 0 ? undefined : TemplateMessages.refused(problems);
}
