// Rendering a listing template (DESIGN §5): check its tags (src/protocol's check, the one a template's save passes
// too), fill the known placeholders with escaped values, then sanitize the whole. A refused template is never rendered.
import Mustache from 'mustache';
import { TEMPLATE_TAGS, templateRefusal } from '../../../src/protocol/listing-templates';
import { sanitizeListing } from './sanitize';
import { escapeViewValue, viewOf, type ListingValues } from './values';

export type RenderedListing = { html: string } | { refused: string };

export function renderListing(template: string, values: ListingValues): RenderedListing {
  const writer = new Mustache.Writer();
  const refused = templateRefusal(template, writer);
  if (refused !== undefined) return { refused };
  // The same writer and tags: it renders the tokens it cached when they were checked, not a second parse.
  const html = writer.render(template, viewOf(values), {}, { tags: TEMPLATE_TAGS, escape: escapeViewValue });
  return { html: sanitizeListing(html) };
}
