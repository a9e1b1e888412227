// The embedded store's public pages as HTML (server/http/store-pages.ts serves them): the index, a product page and
// the not-found page. Every text is escaped here; a listing's HTML goes through sanitizeListing again at output
// (defence in depth: a row may come from an older version or from a hand), so nothing in a row can add markup that
// runs. The pages carry no script and one stylesheet, inline, whose hash the CSP names (STORE_STYLE_HASH).
import { createHash } from 'node:crypto';
import Mustache from 'mustache';
import { StorePageMessages as M } from '../../src/protocol/messages';
import { sanitizeListing } from '../store/templates';
import type { StoreListingDetail, StoreListingPage, StorePicture } from '../store/store-listings';

export const STORE_PATH = '/store';

const escape = (text: string): string => Mustache.escape(text);
const money = (amount: number): string => escape(M.price(amount.toFixed(2)));
const titleOf = (title: string): string => (title.trim() === '' ? M.untitled : title);
const productPath = (slug: string): string => `${STORE_PATH}/${encodeURIComponent(slug)}`;
const pagePath = (page: number): string => (page > 1 ? `${STORE_PATH}?page=${page}` : STORE_PATH);

/**
 * Readable on a phone at 360 px: one column, nothing wider than the screen (a listing's wide table or box scrolls inside
 * its own frame), a grid of cards on the index, each title at most three lines. No url(), no @import: the CSP allows no other file.
 */
const STYLE = [
  '*,*::before,*::after{box-sizing:border-box}',
  'body{margin:0;font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#1f2328;background:#f6f7f9}',
  'header{background:#1f2a44;padding:.75rem 1rem}',
  'header a{color:#fff;font-weight:600;text-decoration:none}',
  'main{max-width:60rem;margin:0 auto;padding:1rem;overflow-wrap:anywhere}',
  'h1{font-size:1.5rem;line-height:1.25;margin:.5rem 0 1rem}',
  'img{max-width:100%;height:auto}',
  '.lots{list-style:none;margin:0;padding:0;display:grid;gap:.75rem;grid-template-columns:repeat(auto-fill,minmax(9.5rem,1fr))}',
  '.lot a{display:flex;flex-direction:column;gap:.25rem;height:100%;padding:.5rem;background:#fff;border:1px solid #d0d7de;border-radius:.5rem;color:inherit;text-decoration:none}',
  '.lot a:focus,.lot a:hover{border-color:#1f2a44}',
  '.thumb{display:flex;align-items:center;justify-content:center;height:100px;background:#eef0f3;color:#57606a;font-size:.875rem;border-radius:.25rem}',
  '.thumb img{max-height:100px;object-fit:contain}',
  '.name{display:-webkit-box;-webkit-box-orient:vertical;-webkit-line-clamp:3;line-clamp:3;overflow:hidden}',
  '.price{font-weight:700;font-size:1.125rem}',
  '.stock{margin:.25rem 0 1rem;color:#1a7f37}',
  '.stock.out{color:#cf222e}',
  '.pictures{display:grid;gap:.5rem;margin-bottom:1rem}',
  '.pictures img{display:block;width:100%;background:#fff;border-radius:.5rem}',
  '.listing{background:#fff;border:1px solid #d0d7de;border-radius:.5rem;padding:1rem;overflow-x:auto}',
  '.listing table{border-collapse:collapse;overflow-wrap:normal}', // wider than a phone: it scrolls in .listing
  '.listing th,.listing td{border:1px solid #d0d7de;padding:.25rem .5rem;text-align:left;vertical-align:top}',
  'nav.pages{display:flex;flex-wrap:wrap;gap:1rem;margin:1.5rem 0}',
  'a{color:#0b57d0}',
  '@media (min-width:48rem){.product{display:grid;grid-template-columns:minmax(0,1fr) minmax(0,1fr);gap:1.5rem}}',
].join('');

/** The CSP source of the one stylesheet (server/http/store-pages.ts puts it in style-src). */
export const STORE_STYLE_HASH = `'sha256-${createHash('sha256').update(STYLE).digest('base64')}'`;

function layout(title: string, body: string): string {
  return (
    '<!doctype html><html lang="en"><head><meta charset="utf-8">' +
    '<meta name="viewport" content="width=device-width, initial-scale=1">' +
    `<title>${escape(title)}</title><style>${STYLE}</style></head>` +
    `<body><header><a href="${STORE_PATH}">${escape(M.storeTitle)}</a></header><main>${body}</main></body></html>`
  );
}

function pageLinks(page: number, hasNext: boolean): string {
  const links = [
    page > 2 ? `<a href="${pagePath(1)}">${escape(M.firstPage)}</a>` : '',
    page > 1 ? `<a href="${pagePath(page - 1)}" rel="prev">${escape(M.previousPage)}</a>` : '',
    hasNext ? `<a href="${pagePath(page + 1)}" rel="next">${escape(M.nextPage)}</a>` : '',
  ].filter((link) => link !== '');
  return links.length === 0 ? '' : `<nav class="pages">${links.join('')}</nav>`;
}

export function indexPage(page: number, { listings, hasNext }: StoreListingPage): string {
  const heading = `<h1>${escape(M.indexHeading(page))}</h1>`;
  if (listings.length === 0) {
    const empty = page > 1 ? `<p>${escape(M.pastTheEnd)}</p>${pageLinks(page, false)}` : `<p>${escape(M.empty)}</p>`;
    return layout(M.indexHeading(page), heading + empty);
  }
  const cards = listings.map((listing) => {
    const title = titleOf(listing.title);
    const thumb = listing.thumbnail
      ? `<img src="${escape(listing.thumbnail)}" alt="" width="100" height="100" loading="lazy">`
      : escape(M.noImage);
    return (
      `<li class="lot"><a href="${escape(productPath(listing.slug))}"><span class="thumb">${thumb}</span>` +
      `<span class="name">${escape(title)}</span><span class="price">${money(listing.price)}</span></a></li>`
    );
  });
  return layout(M.indexHeading(page), `${heading}<ul class="lots">${cards.join('')}</ul>${pageLinks(page, hasNext)}`);
}

function pictureTag(picture: StorePicture, alt: string): string {
  const srcset = picture.srcset === undefined ? '' : ` srcset="${escape(picture.srcset)}" sizes="(min-width: 48rem) 29rem, 100vw"`;
  return `<img src="${escape(picture.src)}"${srcset} alt="${escape(alt)}">`;
}

export function productPage(listing: StoreListingDetail): string {
  const title = titleOf(listing.title);
  const count = listing.pictures.length;
  const pictures =
    count === 0
      ? `<div class="thumb">${escape(M.noImage)}</div>`
      : listing.pictures.map((picture, index) => pictureTag(picture, M.imageAlt(title, index + 1, count))).join('');
  const stock = listing.quantity > 0 ? `<p class="stock">${escape(M.inStock(listing.quantity))}</p>` : `<p class="stock out">${escape(M.outOfStock)}</p>`;
  const facts = `<h1>${escape(title)}</h1><p class="price">${money(listing.price)}</p>${stock}`;
  return layout(
    title,
    `<article class="product"><div class="pictures">${pictures}</div><div>${facts}` +
      `<div class="listing">${sanitizeListing(listing.html)}</div></div></article>` +
      `<nav class="pages"><a href="${STORE_PATH}">${escape(M.backToStore)}</a></nav>`,
  );
}

/** A plain page for a slug with no lot, or a page number out of range. */
export function messagePage(title: string, message: string): string {
  return layout(title, `<h1>${escape(title)}</h1><p>${escape(message)}</p><nav class="pages"><a href="${STORE_PATH}">${escape(M.backToStore)}</a></nav>`);
}
