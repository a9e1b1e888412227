// A product's address on the embedded store: its lot number, then its title's words, in lower-case ASCII. The lot
// number makes it unique; the words make a shared link readable. Anything else (accents, emoji, markup) is dropped.

const MAX_WORDS_LENGTH = 60;

const words = (text: string): string =>
  text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');

export function productSlug(sku: string, title: string): string {
  const lot = words(sku) || 'lot';
  const rest = words(title).slice(0, MAX_WORDS_LENGTH).replace(/-+$/, '');
  return rest === '' ? lot : `${lot}-${rest}`;
}
