// Entity schemas as the server's first defence: realistic rows pass unchanged, hostile ones are refused.
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import {
  AuctionEventManifestSchema, AuctionEventSchema, BoxInfoSchema, BoxItemSchema, BoxSchema, CategorySchema,
  DEFAULT_LOTS_FILTER, DEFAULT_PRICE_REQUEST, ImageByUrlRequestSchema, ImageSchema, InventoryEventSchema,
  LotSchema, LotsFilterSchema, ManifestHistoryEntrySchema, NewBoxSchema, NoteSchema, PriceRequestSchema,
  SuggestionRequestSchema, SuggestionType, UpcCrudRequestSchema, UpcEntrySchema, UploadFieldsSchema, CrudType,
} from '../../../src/protocol';
import * as example from './examples';

const ENTITIES: Array<[string, z.ZodType, unknown]> = [
  ['Category', CategorySchema, example.category],
  ['Lot', LotSchema, example.lot],
  ['Box', BoxSchema, example.box],
  ['BoxItem', BoxItemSchema, example.boxItem],
  ['UpcEntry', UpcEntrySchema, example.upcEntry],
  ['Image', ImageSchema, example.image],
  ['InventoryEvent', InventoryEventSchema, example.inventoryEvent],
  ['ManifestHistoryEntry', ManifestHistoryEntrySchema, example.historyEntry],
  ['AuctionEvent', AuctionEventSchema, example.auctionEvent],
  ['AuctionEventManifest', AuctionEventManifestSchema, example.auctionEventManifest],
  ['Note', NoteSchema, example.note],
];

describe('entities', () => {
  it.each(ENTITIES)('a realistic %s passes unchanged', (_name, schema, value) => {
    expect(schema.parse(value)).toEqual(value);
  });

  it('a lot sent back with the client-side selected flag arrives without it', () => {
    const parsed = LotSchema.parse({ ...example.lot, selected: true });
    expect(parsed).not.toHaveProperty('selected');
  });

  it('a lot without auction entries reads as having none', () => {
    const { auctionEventManifests: _, ...bare } = example.lot;
    expect(LotSchema.parse(bare).auctionEventManifests).toEqual([]);
  });

  it('the weight dialog edits h, w, l, lbs and ozs of a box', () => {
    expect(BoxInfoSchema.parse(example.box)).toEqual({ h: 12.5, w: 18, l: 24, lbs: 31, ozs: 4 });
  });
});

describe('hostile input', () => {
  const hostile: Array<[string, z.ZodType, unknown]> = [
    ['a negative lot id', LotSchema, { ...example.lot, id: -1 }],
    ['a fractional id', BoxSchema, { ...example.box, id: 1.5 }],
    ['an id as a string', BoxItemSchema, { ...example.boxItem, id: '9001' }],
    ['an id past the database range', NoteSchema, { ...example.note, id: 2 ** 40 }],
    ['a title of a megabyte', LotSchema, { ...example.lot, titleListing: 'x'.repeat(1_000_000) }],
    ['an unknown status', LotSchema, { ...example.lot, status: 'STOLEN' }],
    ['a negative price', BoxItemSchema, { ...example.boxItem, retailPrice: -5 }],
    ['NaN as a quantity', BoxItemSchema, { ...example.boxItem, quantity: Number.NaN }],
    ['an infinite retail total', LotSchema, { ...example.lot, totalOriginalRetail: Number.POSITIVE_INFINITY }],
    ['a bin outside 0–50', LotSchema, { ...example.lot, loc_box: 51 }],
    ['a UPC with a newline', BoxItemSchema, { ...example.boxItem, upc: '1234\n5678' }],
    ['ten thousand category ids', LotSchema, { ...example.lot, categories: Array.from({ length: 10_000 }, (_, i) => i + 1) }],
    ['an object where a list belongs', LotSchema, { ...example.lot, categories: { 0: 1 } }],
    ['a date that is not one', InventoryEventSchema, { ...example.inventoryEvent, startTime: 'yesterday' }],
    ['a javascript: image address', ImageByUrlRequestSchema, { UPC: '885909950805', URL: 'javascript:alert(1)' }],
    ['a file: image address', ImageByUrlRequestSchema, { UPC: '885909950805', URL: 'file:///etc/passwd' }],
    ['an empty new box label', NewBoxSchema, { label: '   ', manualManiestId: 42 }],
    ['an upload naming neither UPC nor SKU', UploadFieldsSchema, {}],
    ['null for a whole lot', LotSchema, null],
  ];

  it.each(hostile)('refuses %s', (_what, schema, value) => {
    expect(schema.safeParse(value).success).toBe(false);
  });

  it('drops a __proto__ key instead of letting it reach an object prototype', () => {
    const body = JSON.parse(`{"id": 4, "label": "notes_x", "data": "", "__proto__": {"isAdmin": true}}`) as unknown;
    const parsed = NoteSchema.parse(body);
    expect(Object.getPrototypeOf(parsed)).toBe(Object.prototype);
    expect(Object.keys(parsed)).toEqual(['id', 'label', 'data']);
    expect((parsed as Record<string, unknown>).isAdmin).toBeUndefined();
    expect(({} as Record<string, unknown>).isAdmin).toBeUndefined();
  });

  it('drops constructor and prototype keys nested in a lot', () => {
    const body = JSON.parse(JSON.stringify({ ...example.lot, constructor: { prototype: { x: 1 } } })) as unknown;
    expect(Object.keys(LotSchema.parse(body))).not.toContain('constructor');
  });
});

describe('requests', () => {
  it('the default lots filter of spec §9 is a valid filter', () => {
    expect(LotsFilterSchema.parse(DEFAULT_LOTS_FILTER)).toEqual(DEFAULT_LOTS_FILTER);
    expect(DEFAULT_LOTS_FILTER).toMatchObject({ Not_Listed: true, Shipped: true, myLots: true, Listed: false, Sold: false });
  });

  it('the default price request of spec §9 needs a lot before it can be sent', () => {
    expect(DEFAULT_PRICE_REQUEST).toMatchObject({ retailCostMult: 0.2, minOfRetailMult: 0.1, clientCostMult: 2.5, maxOfRetailMult: 0.25, perUnitPriceMult: 0, specialNotes: '', free_shipping: true });
    expect(PriceRequestSchema.safeParse(DEFAULT_PRICE_REQUEST).success).toBe(false);
    expect(PriceRequestSchema.safeParse({ ...DEFAULT_PRICE_REQUEST, manifestId: 42 }).success).toBe(true);
  });

  it('a catalogue suggestion request uses page 0 and size 100', () => {
    const request = { suggestionType: SuggestionType.BRAND, page: 0, pageSize: 100, vendor: 'Ham', referenceId: 'brand' };
    expect(SuggestionRequestSchema.parse(request)).toEqual(request);
    expect(SuggestionRequestSchema.safeParse({ ...request, suggestionType: 6 }).success).toBe(false);
  });

  it('CREATE takes only new catalogue rows, UPDATE and DELETE only stored ones', () => {
    const fresh = { id: 0, upc: '012345678905' };
    expect(UpcCrudRequestSchema.safeParse({ crudType: CrudType.CREATE, upcEntries: [fresh] }).success).toBe(true);
    expect(UpcCrudRequestSchema.safeParse({ crudType: CrudType.CREATE, upcEntries: [example.upcEntry] }).success).toBe(false);
    expect(UpcCrudRequestSchema.safeParse({ crudType: CrudType.DELETE, upcEntries: [fresh] }).success).toBe(false);
    expect(UpcCrudRequestSchema.safeParse({ crudType: CrudType.UPDATE, upcEntries: [example.upcEntry] }).success).toBe(true);
  });

  it('numbers the suggestion and CRUD types as spec §3 does', () => {
    expect(SuggestionType).toEqual({ UPC: 0, BRAND: 1, STYLE: 2, SIZE: 3, COLOR: 4, ALL_FIELDS: 5 });
    expect(CrudType).toEqual({ CREATE: 0, READ: 1, UPDATE: 2, DELETE: 3 });
  });
});
