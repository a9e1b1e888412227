// `npm run seed -- --demo`: sample staff, a catalogue of a few thousand products and lots whose boxes hold items from
// it, totals matching their items; `--catalogue N`: N synthetic products for scale checks.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { openDatabase, lots, queryRows, type Database } from '../../server/db';
import { seedCategories } from '../../server/store/embedded';
import { DEMO_CATALOGUE, DEMO_PASSWORD, seedDemo, upcA } from '../../server/cli/seed/demo-data';
import { CATALOGUE_BATCH, seedCatalogue } from '../../server/cli/seed/catalogue-data';
import { createUserRepository } from '../../server/auth/users';
import { verifyPassword } from '../../server/auth/passwords';
import { createTestDatabase } from '../support/test-database';

let database: Database;
let dispose: () => Promise<void>;

beforeAll(async () => {
  const testDatabase = await createTestDatabase();
  dispose = testDatabase.dispose;
  database = await openDatabase(testDatabase.options);
  await seedCategories(database.db);
});

afterAll(async () => {
  await database?.close();
  await dispose?.();
});

describe('npm run seed -- --demo', () => {
  it('creates demo users who can sign in with the demo password', async () => {
    await seedDemo(database.db, { lotPrefix: 'LOT-', lots: 5 });
    const alice = await createUserRepository(database.db).find('alice');
    expect(alice?.roles).toEqual(['ROLE_USER']);
    expect(await verifyPassword(DEMO_PASSWORD, alice?.passwordHash ?? '')).toBe(true);
  });

  it('creates a catalogue of a few thousand realistic products', async () => {
    const [catalogue] = await queryRows<{ n: number; brands: number; priced: number }>(database.db, sql`
      select count(*)::int as n, count(distinct vendor_name)::int as brands,
        count(*) filter (where retail_price > 0 and wholesale_price < retail_price)::int as priced from upcs`);
    expect(catalogue?.n).toBe(DEMO_CATALOGUE);
    expect(catalogue?.brands).toBeGreaterThan(100);
    expect(catalogue?.priced).toBe(DEMO_CATALOGUE);
  });

  it('fills boxes with items taken from the catalogue, as scanning them would', async () => {
    const [stats] = await queryRows<{ items: number; lots: number; empty: number; unlike: number }>(database.db, sql`
      select count(i.id)::int as items, count(distinct b.lot_id)::int as lots,
        (select count(*)::int from lots l where not exists (select 1 from boxes b where b.lot_id = l.id)) as empty,
        count(i.id) filter (where u.id is null or i.retail_price is distinct from u.retail_price or i.client_cost is distinct from u.wholesale_price
          or i.vendor <> u.vendor_name or i.item_description_manifest <> u.item_description or i.color <> u.color or i.size <> u.size)::int as unlike
      from boxes b join items i on i.box_id = b.id left join upcs u on u.upc = i.upc`);
    expect(stats?.items).toBeGreaterThan(0);
    expect((stats?.lots ?? 0) + (stats?.empty ?? 0)).toBe(5);
    expect(stats?.unlike).toBe(0);
  });

  it('creates lots whose units, retail and listing totals are the sums of their items', async () => {
    const rows = await queryRows<{ id: number; units: number; retail: string; listing: string; item_units: number; item_retail: string; item_listing: string }>(database.db, sql`
      select l.id, l.number_of_units as units, l.total_original_retail::text as retail, l.total_listing_price::text as listing,
             coalesce(sum(i.quantity), 0)::int as item_units,
             coalesce(sum(i.quantity * coalesce(i.retail_price, 0)), 0)::numeric(12,2)::text as item_retail,
             coalesce(sum(i.quantity * coalesce(i.listing_price, 0)), 0)::numeric(12,2)::text as item_listing
      from lots l left join boxes b on b.lot_id = l.id left join items i on i.box_id = b.id group by l.id`);
    expect(rows).toHaveLength(5);
    for (const row of rows) {
      expect(row.units).toBe(row.item_units);
      expect(row.retail).toBe(row.item_retail);
      expect(row.listing).toBe(row.item_listing);
    }
    expect(rows.some((row) => row.units > 0)).toBe(true);
    expect(rows.some((row) => row.units === 0)).toBe(true); // an empty lot's totals are 0, not unknown
    const [first] = await database.db.select({ lotNumber: lots.lotNumber }).from(lots).where(eq(lots.id, rows[0]?.id ?? 0));
    expect(first?.lotNumber).toMatch(/^LOT-\d{6}$/);
  });

  it('can run again, adding lots without duplicating users or catalogue entries', async () => {
    const report = await seedDemo(database.db, { lotPrefix: 'LOT-', lots: 2 });
    expect(report).toContain('0 catalogue entries');
    expect(report.some((line) => line.startsWith('user '))).toBe(false);
  });

  it('makes UPC-A codes with a valid check digit', () => {
    expect(upcA(3600029145)).toBe('036000291452');
  });
});

describe('npm run seed -- --catalogue N', () => {
  const PRODUCTS = CATALOGUE_BATCH + 700; // more than one batch

  it('adds N products with valid, unique UPC-A codes, and N more on a second run', async () => {
    const [before] = await queryRows<{ n: number }>(database.db, sql`select count(*)::int as n from upcs`);
    expect(await seedCatalogue(database.db, PRODUCTS)).toMatchObject({ rows: PRODUCTS });
    expect(await seedCatalogue(database.db, 300)).toMatchObject({ rows: 300 });
    const [after] = await queryRows<{ n: number; bad: number }>(database.db, sql`
      select count(*)::int as n, count(*) filter (where vendor_name_original <> '' and (upc !~ '^[0-9]{12}$' or ean <> '0' || upc))::int as bad from upcs`);
    expect(after?.n).toBe((before?.n ?? 0) + PRODUCTS + 300);
    expect(after?.bad).toBe(0);
    const sample = await queryRows<{ upc: string }>(database.db, sql`select upc from upcs order by id desc limit 200`);
    for (const { upc } of sample) expect(upcA(Number(upc.slice(0, 11)))).toBe(upc);
  });

  it('makes realistic products: a few hundred brands, some far more common, every field filled and prices that make sense', async () => {
    const [stats] = await queryRows<{ brands: number; top: number; styles: number; sizes: number; colors: number; blank: number; prices: number; approvals: number }>(database.db, sql`
      select count(distinct vendor_name)::int as brands,
        (select max(n) from (select count(*)::int as n from upcs group by vendor_name) as per_brand)::int as top,
        count(distinct vendor_style_number)::int as styles, count(distinct size)::int as sizes, count(distinct color)::int as colors,
        count(*) filter (where vendor_name = '' or vendor_style_number = '' or item_description = '' or division = '')::int as blank,
        count(*) filter (where not (retail_price between 4.99 and 499.99 and wholesale_price < retail_price and liquidation_price < wholesale_price))::int as prices,
        count(*) filter (where approved <> (approved_by is not null))::int as approvals
      from upcs`);
    expect(stats?.brands).toBeGreaterThanOrEqual(250);
    expect(stats?.top).toBeGreaterThan((CATALOGUE_BATCH / 300) * 5); // the most common brand: far above an even share
    expect(stats?.styles).toBeGreaterThan(10_000);
    expect(stats?.sizes).toBeGreaterThan(20);
    expect(stats?.colors).toBeGreaterThan(30);
    expect(stats?.blank).toBe(0);
    expect(stats?.prices).toBe(0);
    expect(stats?.approvals).toBe(0);
  });
});
