// What the embedded store's public pages read (server/http/store-pages.ts): published listings a page at a time, and
// one by slug, with the pictures their stored image paths name. Reads only, and bounded: a page reads at most
// STORE_PAGE_SIZE + 1 rows, and no row's text or picture list is read past what a page can show, even one written by
// hand. Never decides how a page looks (server/http/store-page-html.ts) nor what is published (embedded-products.ts).
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../db';
import { images, listings } from '../db/schema';
import { PUBLIC_PREFIX, servableVariant } from '../images/storage';
import { VARIANT_SIZES } from '../images/variants';

/** Lots on one index page: a screenful of thumbnails on a desk, a few swipes on a phone. */
export const STORE_PAGE_SIZE = 48;
/** The deepest index page served: 48 000 lots, far past any real store, so a crawler cannot ask for huge offsets. */
export const STORE_MAX_PAGE = 1000;
/** A longer slug is never one of ours (slug.ts makes a lot number and at most 60 more characters); Fastify's router
 *  already answers 414 for a parameter over 100, this keeps the read bounded whatever the router allows. */
export const SLUG_MAX_LENGTH = 200;
const TITLE_MAX_CHARS = 500;
/** listOnWC writes less (a 200 000-character template plus the items table); a row written by hand may not. */
const HTML_MAX_CHARS = 1_000_000;
/** Pictures on one product page. */
const PICTURES_MAX = 24;

/** One picture: src is the medium variant where the images table knows it, srcset adds the large one. */
export interface StorePicture {
  readonly src: string;
  readonly srcset?: string;
}

export interface StoreListingSummary {
  readonly slug: string;
  readonly title: string;
  readonly price: number;
  /** The first picture's thumbnail, if the listing has a picture of ours. */
  readonly thumbnail?: string;
}

export interface StoreListingPage {
  readonly listings: readonly StoreListingSummary[];
  readonly hasNext: boolean;
}

export interface StoreListingDetail {
  readonly slug: string;
  readonly title: string;
  readonly price: number;
  readonly quantity: number;
  /** As stored: the page sanitizes it again before it is sent. */
  readonly html: string;
  readonly pictures: readonly StorePicture[];
}

type ImageRow = Pick<typeof images.$inferSelect, 'full' | 'thumbnail' | 'smallImage' | 'medium' | 'large'>;

/** The first `count` entries of the images array in SQL, so a huge hand-written array is never read whole. */
const firstImages = (count: number) => sql<unknown>`jsonb_path_query_array(${listings.images}, ${`$[0 to ${count - 1}]`}::jsonpath)`;
const boundedTitle = sql<string>`left(${listings.title}, ${TITLE_MAX_CHARS})`;
const isPublished = eq(listings.status, 'publish');

const pathsOf = (value: unknown): string[] => (Array.isArray(value) ? value.filter((path): path is string => typeof path === 'string') : []);

/** Only a variant file of our own image store: the pages load nothing from anywhere else (their CSP says 'self'). */
const isOwnImagePath = (path: string): boolean => path.startsWith(PUBLIC_PREFIX) && servableVariant(path.slice(PUBLIC_PREFIX.length)) !== undefined;

/** The image rows of these lots, by every variant path they hold: how a stored path finds its sibling variants. */
async function imagesByPath(db: Db, lotIds: readonly number[]): Promise<Map<string, ImageRow>> {
  const byPath = new Map<string, ImageRow>();
  if (lotIds.length === 0) return byPath;
  const rows = await db
    .select({ full: images.full, thumbnail: images.thumbnail, smallImage: images.smallImage, medium: images.medium, large: images.large })
    .from(images)
    .where(inArray(images.lotId, [...new Set(lotIds)]));
  for (const row of rows) {
    for (const path of [row.full, row.thumbnail, row.smallImage, row.medium, row.large]) if (path !== '') byPath.set(path, row);
  }
  return byPath;
}

function pictureOf(path: string, row: ImageRow | undefined): StorePicture | undefined {
  if (row === undefined) return isOwnImagePath(path) ? { src: path } : undefined;
  const src = row.medium || row.large || row.full;
  if (!isOwnImagePath(src)) return undefined;
  const large = isOwnImagePath(row.large) ? row.large : undefined;
  return large && row.medium ? { src, srcset: `${row.medium} ${VARIANT_SIZES.medium}w, ${large} ${VARIANT_SIZES.large}w` } : { src };
}

function thumbnailOf(path: string | undefined, row: ImageRow | undefined): string | undefined {
  if (path === undefined) return undefined;
  const thumbnail = row?.thumbnail || row?.smallImage || path;
  return isOwnImagePath(thumbnail) ? thumbnail : undefined;
}

export interface StoreListings {
  /** Page `page` (from 1) of the published listings, newest first. */
  page(page: number): Promise<StoreListingPage>;
  /** The published listing at this slug, or undefined. */
  bySlug(slug: string): Promise<StoreListingDetail | undefined>;
}

export function createStoreListings(db: Db): StoreListings {
  return {
    async page(page) {
      const rows = await db
        .select({ slug: listings.slug, title: boundedTitle, price: listings.price, manifestId: listings.manifestId, images: firstImages(1) })
        .from(listings)
        .where(isPublished)
        .orderBy(desc(listings.createdAt), desc(listings.id))
        .limit(STORE_PAGE_SIZE + 1) // one more than shown: whether a next page exists, without counting them all
        .offset((page - 1) * STORE_PAGE_SIZE);
      const shown = rows.slice(0, STORE_PAGE_SIZE);
      const byPath = await imagesByPath(db, shown.map((row) => row.manifestId));
      return {
        hasNext: rows.length > STORE_PAGE_SIZE,
        listings: shown.map((row) => {
          const first = pathsOf(row.images)[0];
          const thumbnail = thumbnailOf(first, first === undefined ? undefined : byPath.get(first));
          return { slug: row.slug, title: row.title, price: row.price, ...(thumbnail === undefined ? {} : { thumbnail }) };
        }),
      };
    },

    async bySlug(slug) {
      if (slug.length > SLUG_MAX_LENGTH) return undefined;
      const [row] = await db
        .select({
          slug: listings.slug,
          title: boundedTitle,
          price: listings.price,
          quantity: listings.quantity,
          html: sql<string>`left(${listings.html}, ${HTML_MAX_CHARS})`,
          manifestId: listings.manifestId,
          images: firstImages(PICTURES_MAX),
        })
        .from(listings)
        .where(and(eq(listings.slug, slug), isPublished));
      if (row === undefined) return undefined;
      const byPath = await imagesByPath(db, [row.manifestId]);
      const pictures = pathsOf(row.images).flatMap((path) => pictureOf(path, byPath.get(path)) ?? []);
      return { slug: row.slug, title: row.title, price: row.price, quantity: row.quantity, html: row.html, pictures };
    },
  };
}
