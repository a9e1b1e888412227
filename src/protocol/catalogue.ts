// The UPC catalogue (spec §3): entries, type-ahead suggestions and CRUD requests.
// Catalogue entries are shared by all staff; deleting needs ROLE_ADMIN (DESIGN §5).
import { z } from 'zod';
import { IdOrZero, LIST_MAX, Money, text, Timestamp, Upc } from './primitives';

export const SuggestionType = { UPC: 0, BRAND: 1, STYLE: 2, SIZE: 3, COLOR: 4, ALL_FIELDS: 5 } as const;
export type SuggestionType = (typeof SuggestionType)[keyof typeof SuggestionType];
export const SuggestionTypeSchema = z.enum(SuggestionType);

export const CrudType = { CREATE: 0, READ: 1, UPDATE: 2, DELETE: 3 } as const;
export type CrudType = (typeof CrudType)[keyof typeof CrudType];
export const CrudTypeSchema = z.enum(CrudType);

export const UpcSource = { DATA_ENTRY: 'dataentry', EXCEL: 'excel' } as const;
export type UpcSource = (typeof UpcSource)[keyof typeof UpcSource];

/** Catalogue fields other than id and upc may be null or left out (a new data-entry row fills a few). */
export const UpcEntrySchema = z.object({
  id: IdOrZero.describe('0: a new row not yet saved'),
  upc: Upc,
  vendorName: text(200).nullish().describe('Brand'),
  vendorStyleNumber: text(100).nullish().describe('Style'),
  size: text(100).nullish(),
  color: text(100).nullish(),
  ean: text(64).nullish(),
  itemDescription: text(2000).nullish(),
  retailPrice: Money.nullish().describe('Msrp'),
  wholesalePrice: Money.nullish(),
  liquidationPrice: Money.nullish(),
  approved: z.boolean().nullish(),
  approvedBy: text(100).nullish(),
  source: z.enum(UpcSource).nullish(),
  division: text(100).nullish(),
  department: text(100).nullish(),
  vendorNameOriginal: text(200).nullish(),
  lastUpdated: Timestamp.nullish().describe('server-set'),
  asin: text(20).nullish(),
});
export type UpcEntry = z.infer<typeof UpcEntrySchema>;

export const SUGGESTION_PAGE_SIZE = 100; // spec §9: catalogue suggestion requests use page 0, size 100

/**
 * The most catalogue entries a device keeps for scanning offline (issue 31): about 400 bytes each stored, so some
 * 8 MB of IndexedDB, well inside what a phone's browser grants a site.
 */
export const CATALOGUE_CACHE_MAX = 20_000;

/** getCatalogueCache body: how many entries the device keeps at most. */
export const CatalogueCacheRequestSchema = z.object({ limit: z.number().int().min(1).max(CATALOGUE_CACHE_MAX) });
export type CatalogueCacheRequest = z.infer<typeof CatalogueCacheRequestSchema>;
const SUGGESTIONS_MAX = 500;
const SEARCH_MAX = 100;

/** `referenceId` is the asker's own tag (which field asked), echoed back so the reply finds its field. */
const ReferenceId = z.union([text(SEARCH_MAX), z.number().int().min(-2_147_483_648).max(2_147_483_647)]).nullish();

export const SuggestionRequestSchema = z.object({
  suggestionType: SuggestionTypeSchema,
  page: z.number().int().min(0).max(10_000),
  pageSize: z.number().int().min(1).max(SUGGESTIONS_MAX),
  upc: text(SEARCH_MAX).nullish(),
  style: text(SEARCH_MAX).nullish(),
  size: text(SEARCH_MAX).nullish(),
  color: text(SEARCH_MAX).nullish(),
  vendor: text(SEARCH_MAX).nullish(),
  referenceId: ReferenceId.describe('the asker\'s tag, echoed back in the response'),
});
export type SuggestionRequest = z.infer<typeof SuggestionRequestSchema>;

/** Values of one field for UPC, BRAND, STYLE, SIZE and COLOR; whole catalogue rows for ALL_FIELDS. */
export const SuggestionResponseSchema = z.object({
  suggestionType: SuggestionTypeSchema,
  suggestions: z.union([
    z.array(text(2000)).max(SUGGESTIONS_MAX),
    z.array(UpcEntrySchema).max(SUGGESTIONS_MAX),
  ]),
  referenceId: ReferenceId,
});
export type SuggestionResponse = z.infer<typeof SuggestionResponseSchema>;

/** CREATE takes new rows (id 0); UPDATE and DELETE take stored rows (id > 0); READ looks rows up by upc. */
export const UpcCrudRequestSchema = z
  .object({
    crudType: CrudTypeSchema,
    upcEntries: z.array(UpcEntrySchema).min(1).max(LIST_MAX),
  })
  .superRefine((request, ctx) => {
    request.upcEntries.forEach((entry, index) => {
      const isNew = entry.id === 0;
      if (request.crudType === CrudType.CREATE && !isNew) {
        ctx.addIssue({ code: 'custom', path: ['upcEntries', index, 'id'], message: 'CREATE takes new rows: id must be 0' });
      }
      if ((request.crudType === CrudType.UPDATE || request.crudType === CrudType.DELETE) && isNew) {
        ctx.addIssue({ code: 'custom', path: ['upcEntries', index, 'id'], message: 'UPDATE and DELETE take stored rows: id must be above 0' });
      }
    });
  });
export type UpcCrudRequest = z.infer<typeof UpcCrudRequestSchema>;
