// Synthetic UPC catalogue for scale checks (`npm run seed -- --catalogue N`, bench/catalogue-suggestions.ts):
// realistic products — a few hundred brands (some far more common than others), styles, sizes, colors,
// descriptions, prices — made by the database itself (INSERT … SELECT over generate_series), in batches, so a
// million rows take seconds on PostgreSQL and no row crosses the wire. Never touches other tables.
import { sql, type SQL } from 'drizzle-orm';
import { queryRows, type Db } from '../../db';

/** Rows per INSERT: each batch is its own statement, so PGlite's memory and the WAL stay small. */
export const CATALOGUE_BATCH = 50_000;

const BRAND_FIRST = ['Acme', 'Northwind', 'Contoso', 'Globex', 'Initech', 'Umbrella', 'Stark', 'Wayne', 'Hooli', 'Vandelay',
  'Soylent', 'Tyrell', 'Cyberdyne', 'Wonka', 'Gringotts', 'Oceanic', 'Prestige', 'Sterling', 'Blue Ridge', 'Evergreen'];
const BRAND_SECOND = ['Home', 'Outdoor', 'Kitchen', 'Tools', 'Kids', 'Sport', 'Living', 'Tech', 'Apparel', 'Beauty', 'Pets',
  'Garden', 'Office', 'Audio', 'Basics'];
/** 20 × 15 = 300 brands; the first ones are the common ones (see `brand` below). */
const BRANDS = BRAND_FIRST.flatMap((first) => BRAND_SECOND.map((second) => `${first} ${second}`));
const SIZES = ['', '', '', 'XS', 'S', 'M', 'L', 'XL', 'XXL', 'One Size', '2T', '4T', '6', '8', '10', '12', '28x30', '32x30',
  '34x32', '36x32', '8 oz', '16 oz', '1 qt', '4 qt', '12 in', 'Queen', 'King', 'Twin'];
const COLORS = ['', 'Black', 'White', 'Grey', 'Charcoal', 'Silver', 'Navy', 'Blue', 'Sky Blue', 'Teal', 'Green', 'Olive',
  'Mint', 'Yellow', 'Gold', 'Orange', 'Red', 'Burgundy', 'Pink', 'Purple', 'Lavender', 'Brown', 'Tan', 'Beige', 'Ivory',
  'Cream', 'Multi', 'Clear', 'Stainless', 'Walnut', 'Oak', 'Rose Gold', 'Camo', 'Heather Grey', 'Coral', 'Turquoise'];
const ADJECTIVES = ['Classic', 'Deluxe', 'Compact', 'Premium', 'Heavy Duty', 'Wireless', 'Portable', 'Ergonomic', 'Organic',
  'Foldable', 'Rechargeable', 'Waterproof', 'Insulated', 'Non-Stick', 'Smart', 'Vintage', 'Slim', 'Adjustable'];
const PRODUCTS = [['Bluetooth Speaker', 'Electronics', 'Audio'], ['Kettle', 'Home', 'Kitchen'], ['Desk Lamp', 'Home', 'Lighting'],
  ['Air Fryer', 'Home', 'Small Appliances'], ['Earbuds', 'Electronics', 'Audio'], ['Throw Blanket', 'Home', 'Bedding'],
  ['Cordless Drill', 'Hardware', 'Power Tools'], ['Yoga Mat', 'Sporting Goods', 'Fitness'], ['Smart Plug', 'Electronics', 'Smart Home'],
  ['Skillet', 'Home', 'Cookware'], ['Backpack', 'Apparel', 'Bags'], ['Running Shoes', 'Apparel', 'Footwear'],
  ['Hoodie', 'Apparel', 'Tops'], ['Jeans', 'Apparel', 'Bottoms'], ['Water Bottle', 'Sporting Goods', 'Hydration'],
  ['Dog Bed', 'Pets', 'Beds'], ['Garden Hose', 'Garden', 'Watering'], ['Office Chair', 'Office', 'Furniture'],
  ['Sheet Set', 'Home', 'Bedding'], ['Phone Case', 'Electronics', 'Accessories'], ['Toy Robot', 'Toys', 'Electronic Toys'],
  ['Face Serum', 'Beauty', 'Skin Care'], ['Tent', 'Sporting Goods', 'Camping'], ['Stand Mixer', 'Home', 'Small Appliances']] as const;
const APPROVERS = ['alice', 'bob', 'admin'];

/** A constant list as a SQL array literal (our own constants only, never user text). */
const textArray = (values: readonly string[]): SQL => sql.raw(`array[${values.map((v) => `'${v.replace(/'/g, "''")}'`).join(', ')}]::text[]`);
/** The `n`-th independent pseudo-random stream of row `k`: a non-negative bigint, the same on every run. */
const random = (n: number): SQL => sql.raw(`(hashint8extended(k, ${n}) & 9223372036854775807)`);
/** Pick from a list with stream `n`. */
const pick = (list: SQL, length: number, n: number): SQL => sql`(${list})[1 + ${random(n)} % ${sql.raw(String(length))}]`;

/**
 * The UPC-A of row `k`: the 11-digit body is k scrambled by a bijection of [0, 10^11) (an odd multiplier not
 * divisible by 5), so codes are unique yet spread over every leading digit, then the check digit.
 */
const UPC_BODY = sql.raw('((k * 2718281829 + 31415926535) % 100000000000)');
const UPC_CHECK = sql.raw(
  `(10 - (${Array.from({ length: 11 }, (_, i) => `((b / ${10 ** (10 - i)}) % 10) * ${i % 2 === 0 ? 3 : 1}`).join(' + ')}) % 10) % 10`,
);

function batchInsert(from: number, to: number): SQL {
  const brands = textArray(BRANDS);
  // Popular brands first: the square of a uniform number in [0, 1) leans towards 0.
  const brand = sql`(${brands})[1 + floor(${BRANDS.length} * power((${random(1)} % 1000000) / 1000000.0, 2))::int]`;
  const product = sql`(${random(2)} % ${sql.raw(String(PRODUCTS.length))})::int`;
  const column = (index: 0 | 1 | 2) => textArray(PRODUCTS.map((row) => row[index]));
  // Most products are cheap: $4.99 to $499.99, the cube of a uniform number leaning towards the low end.
  const retail = sql`round(4.99 + 495 * power((${random(3)} % 1000000) / 1000000.0, 3), 2)`;
  return sql`
    insert into upcs (upc, vendor_name, vendor_style_number, size, color, ean, item_description, retail_price,
      wholesale_price, liquidation_price, approved, approved_by, source, division, department, vendor_name_original,
      last_updated, asin)
    select upc, brand, upper(left(regexp_replace(brand, '[^A-Za-z]', '', 'g'), 3)) || '-' || lpad((${random(4)} % 20000)::text, 5, '0'),
      ${pick(textArray(SIZES), SIZES.length, 5)}, ${pick(textArray(COLORS), COLORS.length, 6)}, '0' || upc,
      ${pick(textArray(ADJECTIVES), ADJECTIVES.length, 7)} || ' ' || (${column(0)})[1 + product], retail,
      round(retail * (30 + ${random(8)} % 20) / 100, 2), round(retail * 0.1, 2), approved,
      case when approved then ${pick(textArray(APPROVERS), APPROVERS.length, 9)} end,
      case when ${random(10)} % 10 = 0 then 'dataentry' else 'excel' end,
      (${column(1)})[1 + product], (${column(2)})[1 + product], upper(brand),
      now() - make_interval(secs => (${random(11)} % 63072000)::double precision),
      case when ${random(12)} % 3 = 0 then 'B0' || upper(lpad(to_hex(${random(13)} % 4294967296), 8, '0')) else '' end
    from (
      select k, lpad(b::text, 11, '0') || (${UPC_CHECK})::text as upc, ${brand} as brand, ${product} as product,
        ${retail} as retail, ${random(14)} % 10 < 7 as approved
      from (select k, ${UPC_BODY} as b from generate_series(${from}::bigint, ${to}::bigint) as k) as numbered
    ) as made
    on conflict (upc) do nothing`;
}

export interface CatalogueSeedReport {
  /** Rows actually added (a UPC already in the catalogue is skipped). */
  rows: number;
  ms: number;
}

/**
 * Adds `count` synthetic products. Rows are numbered on from the catalogue's size, so a second run adds new
 * UPCs rather than colliding with the first; statistics are refreshed at the end (PGlite has no autovacuum, and
 * the planner needs them to pick the prefix indexes).
 */
export async function seedCatalogue(db: Db, count: number, onBatch?: (rows: number) => void): Promise<CatalogueSeedReport> {
  const [size] = await queryRows<{ n: string }>(db, sql`select count(*)::text as n from upcs`);
  return seedCatalogueRows(db, Number(size?.n ?? 0), count, onBatch);
}

/**
 * Adds products number `first` to `first + count - 1`. The same numbers always make the same products, so a range
 * seeded twice adds nothing the second time (the demo's catalogue relies on it).
 */
export async function seedCatalogueRows(db: Db, first: number, count: number, onBatch?: (rows: number) => void): Promise<CatalogueSeedReport> {
  const started = performance.now();
  let rows = 0;
  for (let from = first; from < first + count; from += CATALOGUE_BATCH) {
    const to = Math.min(first + count, from + CATALOGUE_BATCH) - 1;
    const inserted = await queryRows<{ n: string }>(db, sql`with added as (${batchInsert(from, to)} returning 1) select count(*)::text as n from added`);
    rows += Number(inserted[0]?.n ?? 0);
    onBatch?.(rows);
  }
  await db.execute(sql`analyze upcs`);
  return { rows, ms: performance.now() - started };
}
