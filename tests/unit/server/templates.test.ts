// Listing templates (DESIGN §5): only known placeholders render, each refused construct is named, values are
// HTML-escaped, {{items}} is an escaped manifest table, and no XSS payload — in the template or in a lot's values —
// leaves executable content in the sanitized HTML.
import { describe, expect, it } from 'vitest';
import { PLACEHOLDERS, SECTION_PLACEHOLDERS } from '../../../src/protocol/listing-templates';
import { TemplateMessages } from '../../../src/protocol/messages';
import { LINK_REL, renderListing, type ListingValues } from '../../../server/store/templates';

const VALUES: ListingValues = {
  title: 'Pallet of kettles', lotNumber: 'LOT-000042', units: 12, retail: 359.5, listing: 89.9, pallets: 1, cartons: 3,
  specialNotes: 'Shelf pulls', categories: ['Kitchen', 'Small appliances'], quantity: 1, freeShipping: true,
  items: [
    { quantity: 10, description: 'Kettle 1.7L', upc: '012345678905', retail: 29.5 },
    { quantity: 2, description: 'Toaster', upc: '036000291452', retail: null },
  ],
};

const values = (change: Partial<ListingValues> = {}): ListingValues => ({ ...VALUES, ...change });

function htmlOf(template: string, given: ListingValues = VALUES): string {
  const result = renderListing(template, given);
  if (!('html' in result)) throw new Error(`refused: ${result.refused}`);
  return result.html;
}

function refusalOf(template: string): string {
  const result = renderListing(template, VALUES);
  if (!('refused' in result)) throw new Error(`rendered: ${result.html}`);
  return result.refused;
}

describe('placeholders', () => {
  it('fills every known placeholder: numbers as given, money with 2 decimals, categories joined, freeShipping Yes/No', () => {
    const template = '{{title}}|{{lotNumber}}|{{units}}|{{retail}}|{{listing}}|{{pallets}}|{{cartons}}|{{specialNotes}}|{{categories}}|{{quantity}}|{{freeShipping}}';
    expect(htmlOf(template)).toBe('Pallet of kettles|LOT-000042|12|359.50|89.90|1|3|Shelf pulls|Kitchen, Small appliances|1|Yes');
    expect(htmlOf('{{freeShipping}} {{retail}}', values({ freeShipping: false, retail: 0 }))).toBe('No 0.00');
  });

  it('documents exactly the placeholders it renders', () => {
    const template = PLACEHOLDERS.map((name) => `{{${name}}}`).join(' ');
    expect(renderListing(template, VALUES)).toHaveProperty('html');
  });

  it('HTML-escapes every value, in text and in attributes', () => {
    const title = `<b>Bold</b> & "quoted" 'single'`;
    const html = htmlOf('<p title="{{title}}">{{title}}</p>', values({ title }));
    expect(html).toBe('<p title="&lt;b&gt;Bold&lt;/b&gt; &amp; &quot;quoted&quot; \'single\'">&lt;b&gt;Bold&lt;/b&gt; &amp; "quoted" \'single\'</p>');
  });

  it('allows comments', () => {
    expect(htmlOf('{{! a note for staff }}<p>{{units}}</p>')).toBe('<p>12</p>');
  });

  it('shows a section of an allowed placeholder when it is non-empty or true, an inverted one otherwise', () => {
    const template = '{{#freeShipping}}Free{{/freeShipping}}{{^freeShipping}}Paid{{/freeShipping}}|{{#specialNotes}}Notes: {{specialNotes}}{{/specialNotes}}';
    expect(htmlOf(template)).toBe('Free|Notes: Shelf pulls');
    expect(htmlOf(template, values({ freeShipping: false, specialNotes: '' }))).toBe('Paid|');
    expect(htmlOf('{{^items}}No items{{/items}}{{^categories}}None{{/categories}}', values({ items: [], categories: [] }))).toBe('No itemsNone');
    expect(SECTION_PLACEHOLDERS).toEqual(['freeShipping', 'specialNotes', 'categories', 'items']);
  });
});

describe('{{items}}', () => {
  it('renders the manifest table: quantity, description, UPC and retail with 2 decimals (empty when unknown)', () => {
    expect(htmlOf('{{items}}')).toBe(
      '<table class="manifest"><caption>Manifest</caption><thead><tr><th>Qty</th><th>Description</th><th>UPC</th><th>Retail</th></tr></thead>' +
        '<tbody><tr><td>10</td><td>Kettle 1.7L</td><td>012345678905</td><td>29.50</td></tr>' +
        '<tr><td>2</td><td>Toaster</td><td>036000291452</td><td></td></tr></tbody></table>',
    );
  });

  it("escapes the items' text", () => {
    const items = [{ quantity: 1, description: '<img src=x onerror=alert(1)>', upc: '"><script>alert(1)</script>', retail: 1 }];
    const html = htmlOf('{{items}}', values({ items }));
    expect(html).toContain('<td>&lt;img src=x onerror=alert(1)&gt;</td><td>"&gt;&lt;script&gt;alert(1)&lt;/script&gt;</td>');
  });

  it('is empty for a lot without items', () => {
    expect(htmlOf('<div>{{items}}</div>', values({ items: [] }))).toBe('<div></div>');
  });
});

describe('refused templates', () => {
  const REFUSED: ReadonlyArray<{ construct: string; template: string; named: string }> = [
    { construct: 'an unknown placeholder', template: '{{price}}', named: TemplateMessages.unknown('price') },
    { construct: 'a dotted name (reaching into a value)', template: '{{title.length}}', named: TemplateMessages.unknown('title.length') },
    { construct: 'the implicit iterator', template: '{{.}}', named: TemplateMessages.unknown('.') },
    { construct: 'triple braces', template: '{{{title}}}', named: TemplateMessages.tripleBraces('title') },
    { construct: 'an ampersand', template: '{{& title}}', named: TemplateMessages.ampersand('title') },
    { construct: 'a partial', template: '{{> footer}}', named: TemplateMessages.partial('footer') },
    { construct: 'a delimiter change', template: '{{=<% %>=}}<% title %>', named: TemplateMessages.delimiters('<% %>') },
    { construct: 'a section on a placeholder that is never empty', template: '{{#units}}x{{/units}}', named: TemplateMessages.section('units', SECTION_PLACEHOLDERS) },
    { construct: 'an inverted section on one', template: '{{^title}}x{{/title}}', named: TemplateMessages.inverted('title', SECTION_PLACEHOLDERS) },
    { construct: 'a section on an unknown name', template: '{{#lambda}}x{{/lambda}}', named: TemplateMessages.unknown('lambda') },
    { construct: 'an unknown name inside an allowed section', template: '{{#items}}{{constructor}}{{/items}}', named: TemplateMessages.unknown('constructor') },
  ];

  it.each(REFUSED)('refuses $construct, naming it', ({ template, named }) => {
    expect(refusalOf(template)).toBe(TemplateMessages.refused([named]));
  });

  it('names every refused construct of a template at once, each once', () => {
    expect(refusalOf('{{{title}}} {{> footer}} {{price}} {{price}}')).toBe(
      TemplateMessages.refused([TemplateMessages.tripleBraces('title'), TemplateMessages.partial('footer'), TemplateMessages.unknown('price')]),
    );
  });

  it('refuses a template mustache cannot parse, saying why', () => {
    expect(refusalOf('{{#items}}never closed')).toMatch(/^The template could not be read: Unclosed section "items"/);
    expect(refusalOf('{{title')).toMatch(/^The template could not be read: Unclosed tag/);
  });
});

describe('XSS payloads leave no executable content', () => {
  const PAYLOADS: readonly string[] = [
    '<script>alert(1)</script>',
    '<scr<script>ipt>alert(1)</scr</script>ipt>',
    '<img src=x onerror=alert(1)>',
    '<img src=x:alert(alt) onerror=eval(src) alt=0>',
    '<a href="javascript:alert(1)">click</a>',
    '<a href="jAvAsCrIpT:alert(1)">click</a>',
    '<a href="&#106;&#97;&#118;&#97;&#115;&#99;&#114;&#105;&#112;&#116;&#58;alert(1)">click</a>',
    '<a href="java&#x09;script:alert(1)">click</a>',
    '<a href=" &#14; javascript:alert(1)">click</a>',
    '<a href="vbscript:msgbox(1)">click</a>',
    '<svg onload=alert(1)><circle r="1"/></svg>',
    '<svg><script>alert(1)</script></svg>',
    '<iframe srcdoc="<script>alert(1)</script>"></iframe>',
    '<iframe src="javascript:alert(1)"></iframe>',
    "<style>@import 'http://evil.example/x.css';</style>",
    '<div style="width: expression(alert(1))">x</div>',
    '<div style="background:url(javascript:alert(1))">x</div>',
    '<p style="color: red; behavior: url(x.htc)">x</p>',
    '<math><mtext><a xlink:href="javascript:alert(1)">x</a></mtext></math>',
    '<form action="javascript:alert(1)"><button formaction="javascript:alert(1)">go</button></form>',
    '<meta http-equiv="refresh" content="0;url=javascript:alert(1)">',
    '<base href="javascript:alert(1)//">',
    '<object data="javascript:alert(1)"></object>',
    '<embed src="javascript:alert(1)">',
    '<body onload=alert(1)>',
    '<details open ontoggle=alert(1)>x</details>',
    '<img src="data:image/svg+xml;base64,PHN2ZyBvbmxvYWQ9YWxlcnQoMSk+">',
    '<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">x</a>',
    '<noscript><p title="</noscript><img src=x onerror=alert(1)>">',
    '<!--<script>alert(1)</script>-->',
    '"><script>alert(1)</script>',
  ];

  /** Numeric character references decoded, so an encoded 'javascript:' is seen as what a browser reads. */
  const decoded = (text: string): string =>
    text
      .replace(/&#x([0-9a-f]+);?/gi, (_all, hex: string) => String.fromCodePoint(Number.parseInt(hex, 16)))
      .replace(/&#(\d+);?/g, (_all, dec: string) => String.fromCodePoint(Number.parseInt(dec, 10)))
      .replace(/&colon;/gi, ':');

  interface Tag { name: string; attributes: Array<{ name: string; value: string }> }

  /**
   * Every element of the output with its attributes. The sanitizer writes text '<' as &lt; and quotes every attribute
   * value (a '"' or '>' inside written as an entity), so each '<' left opens a real element and each attribute is
   * name="value": what a browser could run lives in those elements and attributes, never in text or inside a value.
   */
  const tagsOf = (html: string): Tag[] =>
    (html.match(/<[^>]*>/g) ?? []).map((tag) => ({
      name: /^<\/?\s*([^\s/>]+)/.exec(tag)?.[1]?.toLowerCase() ?? '',
      attributes: [...tag.matchAll(/\s([^\s"'>/=]+)(?:="([^"]*)")?/g)].map(([, name = '', value = '']) => ({ name: name.toLowerCase(), value: decoded(value) })),
    }));

  const ALLOWED_ATTRIBUTES = new Set(['class', 'style', 'title', 'href', 'target', 'rel', 'src', 'alt', 'width', 'height', 'colspan', 'rowspan', 'scope', 'span']);
  const FORBIDDEN_ELEMENTS = /^(?:script|iframe|frame|object|embed|svg|math|meta|base|style|link|form|button|input|body|noscript|details)$/;

  function expectInert(html: string): void {
    expect(html).not.toMatch(/<\s*script/i);
    for (const { name, attributes } of tagsOf(html)) {
      expect(name).not.toMatch(FORBIDDEN_ELEMENTS);
      for (const attribute of attributes) {
        expect(ALLOWED_ATTRIBUTES, `${name} ${attribute.name}`).toContain(attribute.name); // no on*=, srcdoc, formaction, xlink:href
        // A browser drops whitespace and control characters from a URL's scheme: so does this check.
        const url = [...attribute.value].filter((char) => char.charCodeAt(0) > 0x20).join('');
        if (attribute.name === 'href' || attribute.name === 'src') expect(url).not.toMatch(/^(?:javascript|vbscript|data):/i);
        if (attribute.name === 'style') expect(attribute.value).not.toMatch(/expression\s*\(|url\s*\(|@import|behavior/i);
      }
    }
  }

  it('has at least 15 payloads', () => {
    expect(PAYLOADS.length).toBeGreaterThanOrEqual(15);
  });

  it.each(PAYLOADS)('in the template: %s', (payload) => {
    const html = htmlOf(`<div>{{title}}</div>${payload}<p>{{lotNumber}}</p>`);
    expectInert(html);
    expect(decoded(html)).not.toMatch(/javascript:/i); // not even as text: the attributes that held it are gone
    expect(html).toContain('<p>LOT-000042</p>');
  });

  it.each(PAYLOADS)('in a lot title, an item description and the special notes: %s', (payload) => {
    const template = '<h1>{{title}}</h1><a href="{{specialNotes}}" title="{{title}}">{{specialNotes}}</a><img src="{{specialNotes}}" alt="{{title}}">{{items}}';
    const items = [{ quantity: 1, description: payload, upc: payload, retail: 1 }];
    const html = htmlOf(template, values({ title: payload, specialNotes: payload, items }));
    expectInert(html);
  });

  it('a value in a link becomes no javascript: link, and every link carries rel', () => {
    const html = htmlOf('<a href="{{specialNotes}}">x</a><a href="https://example.com/lot" target="_blank" rel="opener">ok</a>', values({ specialNotes: 'javascript:alert(1)' }));
    expect(html).toBe(`<a rel="${LINK_REL}">x</a><a href="https://example.com/lot" target="_blank" rel="${LINK_REL}">ok</a>`);
  });

  it('keeps what a listing needs: headings, tables, http(s) images and links, and plain inline styles', () => {
    const template = '<h2 style="color: #c00; text-align: center">{{title}}</h2><img src="https://img.example/a.jpg" alt="a" width="300"><table style="border: 1px solid #ccc"><tr><td colspan="2">x</td></tr></table>';
    expect(htmlOf(template)).toBe(
      '<h2 style="color:#c00;text-align:center">Pallet of kettles</h2><img src="https://img.example/a.jpg" alt="a" width="300" /><table style="border:1px solid #ccc"><tr><td colspan="2">x</td></tr></table>',
    );
  });
});
