// `npm run seed -- --demo`: sample staff, catalogue and lots whose totals match their items.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { openDatabase, lots, queryRows, type Database } from '../../server/db';
import { seedCategories } from '../../server/store/embedded';
import { DEMO_PASSWORD, seedDemo, upcA } from '../../server/cli/seed/demo-data';
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

  it('creates lots whose units and retail total are the sums of their items', async () => {
    const rows = await queryRows<{ id: number; units: number; retail: string; item_units: number; item_retail: string }>(database.db, sql`
      select l.id, l.number_of_units as units, l.total_original_retail::text as retail,
             coalesce(sum(i.quantity), 0)::int as item_units, coalesce(sum(i.quantity * i.retail_price), 0)::numeric(12,2)::text as item_retail
      from lots l left join boxes b on b.lot_id = l.id left join items i on i.box_id = b.id group by l.id`);
    expect(rows).toHaveLength(5);
    for (const row of rows) {
      expect(row.units).toBe(row.item_units);
      expect(Number(row.retail)).toBeCloseTo(Number(row.item_retail), 2);
    }
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
