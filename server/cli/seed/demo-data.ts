// Deterministic sample data for demos and manual testing: staff, a catalogue of a few thousand products, and lots
// with boxes whose items come from it, their totals recomputed as the server does (DESIGN §5). A fixed seed, so two
// installs show the same lots. Later issues extend it.
import { asc } from 'drizzle-orm';
import type { Db } from '../../db';
import { boxes, items, lots, nextLotNumber, upcs, users } from '../../db';
import { createUserRepository } from '../../auth/users';
import { itemFromCatalogue } from '../../domains/items';
import { recomputeLotTotals } from '../../domains/lots';
import { seedCatalogueRows } from './catalogue-data';

export const DEMO_PASSWORD = 'demo-password';
const DEMO_USERS = [
  { username: 'alice', admin: false },
  { username: 'bob', admin: false },
] as const;

const BRANDS = ['Acme', 'Northwind', 'Contoso', 'Globex', 'Initech', 'Umbrella', 'Stark Home', 'Wayne Outdoor'];
const TITLES = ['Electronics customer returns', 'Kitchen overstock', 'Mixed home goods', 'Shelf pulls — tools',
  'Outdoor & sports', 'Small appliances', 'Apparel closeouts', 'Toys and games', 'Bedding and bath', 'Office supplies',
  'Pet supplies', 'Health & beauty', 'Garden and patio', 'Auto accessories', 'Baby gear', 'Holiday decor'];
const GRADES = ['New', 'Like new', 'Untested returns', 'Shelf pulls', 'Overstock', 'Mixed condition'];
const CATEGORY_IDS = [10, 11, 17, 18, 27, 31, 38, 57, 61] as const;
const STATUSES = ['NOT_LISTED', 'NOT_LISTED', 'NOT_LISTED', 'LISTED', 'SOLD', 'SHIPPED'] as const;
/** Products number 0 to 2,999 of the synthetic catalogue: the same on every install, added once. */
export const DEMO_CATALOGUE = 3000;
/** Common carton sizes in inches (w, l, h). */
const CARTONS = [[12, 12, 8], [16, 12, 10], [18, 18, 16], [24, 18, 18], [20, 20, 12]] as const;

/** A small linear congruential generator: reproducible demo data without a dependency. */
function random(seed: number) {
  let state = seed;
  const next = () => (state = (state * 1664525 + 1013904223) % 2 ** 32) / 2 ** 32;
  return { int: (min: number, max: number) => min + Math.floor(next() * (max - min + 1)), pick: <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)] as T };
}

/** UPC-A with a valid check digit, from an 11-digit body. */
export function upcA(body: number): string {
  const digits = String(body).padStart(11, '0').slice(-11);
  const sum = [...digits].reduce((total, d, i) => total + Number(d) * (i % 2 === 0 ? 3 : 1), 0);
  return `${digits}${(10 - (sum % 10)) % 10}`;
}

export async function seedDemo(db: Db, options: { lotPrefix: string; lots: number }): Promise<string[]> {
  const report: string[] = [];
  const repo = createUserRepository(db);
  for (const { username, admin } of DEMO_USERS) {
    if (await repo.find(username)) continue;
    await repo.add(username, DEMO_PASSWORD, admin);
    report.push(`user ${username} (${admin ? 'Admin' : 'User'}), password ${DEMO_PASSWORD}`);
  }

  const { rows: added } = await seedCatalogueRows(db, 0, DEMO_CATALOGUE);
  report.push(`${added} catalogue entries`);
  const catalogue = await db.select().from(upcs).orderBy(asc(upcs.id)).limit(DEMO_CATALOGUE);

  const rng = random(20261121);
  const owners = await db.select({ id: users.id, username: users.username }).from(users);
  let created = 0;
  for (let n = 0; n < options.lots; n++) {
    const owner = rng.pick(owners);
    const status = rng.pick(STATUSES);
    const location = { zone: rng.int(1, 10), aisle: rng.int(1, 10), col: rng.int(1, 10), row: rng.int(1, 10), bin: rng.int(1, 50) };
    const [lot] = await db.insert(lots).values({
      lotNumber: await nextLotNumber(db, options.lotPrefix),
      titleListing: `${rng.pick(TITLES)}, ${rng.pick(GRADES).toLowerCase()}, ${rng.pick(BRANDS)} and more #${n + 1}`,
      status,
      categories: [rng.pick(CATEGORY_IDS)],
      numberOfPallets: rng.int(0, 2),
      numberOfCartons: rng.int(1, 6),
      userId: owner.id,
      locZone: location.zone, locAisle: location.aisle, locColumn: location.col, locRow: location.row, locBox: location.bin,
    }).returning({ id: lots.id });
    if (!lot) continue;
    // One lot in eight is still empty: a lot is often created before its boxes are packed.
    const boxCount = rng.int(1, 8) === 1 ? 0 : rng.int(1, 3);
    for (let b = 1; b <= boxCount; b++) {
      const [w, l, h] = rng.pick(CARTONS);
      const [box] = await db.insert(boxes)
        .values({ lotId: lot.id, label: `B${b}`, boxNumber: b, userId: owner.id, w, l, h, lbs: rng.int(3, 45), ozs: rng.int(0, 15), ...location })
        .returning({ id: boxes.id });
      if (!box || catalogue.length === 0) continue;
      const chosen = new Map<string, (typeof catalogue)[number]>();
      for (let i = rng.int(2, 8); i > 0; i--) { const entry = rng.pick(catalogue); chosen.set(entry.upc, entry); }
      await db.insert(items).values([...chosen.values()].map((entry) => {
        const item = itemFromCatalogue(entry, box.id, rng.int(1, 6));
        return status === 'NOT_LISTED' ? item : { ...item, listingPrice: demoListingPrice(entry.retailPrice, entry.wholesalePrice) };
      }));
    }
    await recomputeLotTotals(db, lot.id);
    created++;
  }
  report.push(`${created} lots with boxes and items`);
  return report;
}

/** A listed lot's item price as setPricesForLot would make it with spec §9's default multipliers (DESIGN §5 Prices). */
function demoListingPrice(retail: number | null, cost: number | null): number | null {
  if (retail === null || retail <= 0) return null;
  const base = cost !== null && cost > 0 ? cost * 2.5 : retail * 0.2;
  return Math.round(Math.min(Math.max(base, retail * 0.1), retail * 0.25) * 100) / 100;
}
