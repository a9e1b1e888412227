// The last gate of a listing's HTML (DESIGN §5): whatever a template holds, only this allowlist reaches a preview or
// a store page. No script, style element, event handler, frame, object, embed, form, SVG or MathML; links and
// images only to http(s) (links also mailto/tel); inline styles only for a few properties with plain values (no
// url(), no expression()). data: images are refused too: a listing's pictures come from the image store by URL.
import sanitizeHtml from 'sanitize-html';

const LENGTH = String.raw`(?:0|\d+(?:\.\d+)?(?:px|em|rem|%|pt))`;
const length = new RegExp(`^${LENGTH}$`);
/** margin and padding: one to four lengths, or auto. */
const box = new RegExp(`^(?:auto|${LENGTH})(?:\\s+(?:auto|${LENGTH})){0,3}$`);
const COLOR = String.raw`(?:#[0-9a-f]{3,8}|[a-z]+|rgba?\(\s*\d{1,3}%?\s*,\s*\d{1,3}%?\s*,\s*\d{1,3}%?\s*(?:,\s*(?:0|1|0?\.\d+)\s*)?\))`;
const color = new RegExp(`^${COLOR}$`, 'i');
const border = new RegExp(`^(?:none|0|\\d+(?:px)?\\s+(?:solid|dashed|dotted|double)(?:\\s+${COLOR})?)$`, 'i');

const ALLOWED_STYLES: Record<string, RegExp[]> = {
  color: [color],
  'background-color': [color],
  'text-align': [/^(?:left|right|center|justify)$/],
  'vertical-align': [/^(?:top|middle|bottom|baseline)$/],
  'font-size': [length],
  'font-weight': [/^(?:normal|bold|bolder|lighter|[1-9]00)$/],
  'font-style': [/^(?:normal|italic)$/],
  'text-decoration': [/^(?:none|underline|line-through)$/],
  'line-height': [length, /^\d+(?:\.\d+)?$/],
  margin: [box],
  padding: [box],
  width: [length, /^auto$/],
  height: [length, /^auto$/],
  'max-width': [length],
  border: [border],
  'border-collapse': [/^(?:collapse|separate)$/],
};

/** Links leave the page without handing it a window reference, a referrer or our ranking. */
export const LINK_REL = 'noopener noreferrer nofollow';

const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [
    'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'p', 'br', 'hr', 'div', 'span', 'b', 'strong', 'i', 'em', 'u', 's', 'small',
    'sub', 'sup', 'blockquote', 'pre', 'code', 'ul', 'ol', 'li', 'dl', 'dt', 'dd', 'table', 'caption', 'colgroup',
    'col', 'thead', 'tbody', 'tfoot', 'tr', 'th', 'td', 'a', 'img', 'figure', 'figcaption',
  ],
  allowedAttributes: {
    '*': ['class', 'style', 'title'],
    a: ['href', 'target', 'rel'],
    img: ['src', 'alt', 'width', 'height'],
    th: ['colspan', 'rowspan', 'scope'],
    td: ['colspan', 'rowspan'],
    col: ['span'],
    colgroup: ['span'],
  },
  allowedStyles: { '*': ALLOWED_STYLES },
  allowedSchemes: ['http', 'https', 'mailto', 'tel'],
  allowedSchemesByTag: { img: ['http', 'https'] },
  allowedSchemesAppliedToAttributes: ['href', 'src', 'cite'],
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  transformTags: {
    a: (tagName, attribs) => ({ tagName, attribs: { ...attribs, rel: LINK_REL } }),
  },
};

/** The listing HTML with everything outside the allowlist removed. */
export const sanitizeListing = (html: string): string => sanitizeHtml(html, OPTIONS);
