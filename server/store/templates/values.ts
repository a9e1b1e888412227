// What a listing template is filled with: the lot's facts as ListingValues, and the mustache view built from them.
// Every value in the view is text, a boolean, or the items table as TrustedHtml (built escaped here), so the
// template can reach nothing else: no functions (mustache would call them), no objects to walk into.
import Mustache from 'mustache';
import type { PlaceholderName } from '../../../src/protocol/listing-templates';
import { TemplateMessages } from '../../../src/protocol/messages';

/** One row of the {{items}} manifest table. */
export interface ListingItem {
  quantity: number;
  description: string;
  upc: string;
  /** Msrp per unit; null when the catalogue has none. */
  retail: number | null;
}

/** The facts of a lot a template may show (TemplateMessages.placeholders says what each is). */
export interface ListingValues {
  title: string;
  lotNumber: string;
  units: number;
  retail: number;
  listing: number;
  pallets: number;
  cartons: number;
  specialNotes: string;
  /** Category names (not ids), in the lot's order. */
  categories: readonly string[];
  quantity: number;
  freeShipping: boolean;
  items: readonly ListingItem[];
}

/** HTML the server built itself with every value escaped: the one thing the escape function passes through. */
export class TrustedHtml {
  constructor(readonly html: string) {}
}

export type ViewValue = string | boolean | TrustedHtml;
export type ListingView = Record<PlaceholderName, ViewValue>;

const escapeHtml = (text: string): string => Mustache.escape(text);
const money = (value: number): string => value.toFixed(2);

function itemRow(item: ListingItem): string {
  const cells = [String(item.quantity), item.description, item.upc, item.retail === null ? '' : money(item.retail)];
  return `<tr>${cells.map((cell) => `<td>${escapeHtml(cell)}</td>`).join('')}</tr>`;
}

/** The {{items}} manifest table; empty (so {{#items}} hides its section) when the lot has no items. */
export function itemsTable(items: readonly ListingItem[]): TrustedHtml | '' {
  if (items.length === 0) return '';
  const { quantity, description, upc, retail } = TemplateMessages.itemColumns;
  const head = [quantity, description, upc, retail].map((name) => `<th>${escapeHtml(name)}</th>`).join('');
  return new TrustedHtml(
    `<table class="manifest"><caption>${escapeHtml(TemplateMessages.itemsCaption)}</caption>` +
      `<thead><tr>${head}</tr></thead><tbody>${items.map(itemRow).join('')}</tbody></table>`,
  );
}

export function viewOf(values: ListingValues): ListingView {
  return {
    title: values.title,
    lotNumber: values.lotNumber,
    units: String(values.units),
    retail: money(values.retail),
    listing: money(values.listing),
    pallets: String(values.pallets),
    cartons: String(values.cartons),
    specialNotes: values.specialNotes,
    categories: values.categories.join(', '),
    quantity: String(values.quantity),
    freeShipping: values.freeShipping,
    items: itemsTable(values.items),
  };
}

/** Mustache's escape for {{name}}: text is HTML-escaped, a boolean reads Yes or No, the items table goes as built. */
export function escapeViewValue(value: unknown): string {
  if (value instanceof TrustedHtml) return value.html;
  if (typeof value === 'boolean') return value ? TemplateMessages.yes : TemplateMessages.no;
  return escapeHtml(String(value));
}
