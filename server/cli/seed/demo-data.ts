// Deterministic sample data for demos and manual testing: staff, a catalogue of a few thousand products, and lots
// with boxes whose items come from it, their totals recomputed as the server does (DESIGN §5). A fixed seed, so two
// installs show the same lots. Later issues extend it.
import { asc } from 'drizzle-orm';
import type { Db, Tx } from '../../db';
import { boxes, items, lots, nextLotNumbers, upcs, users } from '../../db';
import { createUserRepository } from '../../auth/users';
import { itemFromCatalogue } from '../../domains/items';
import { recomputeTotalsOfLots } from '../../domains/lots';
import type { UpcRow } from '../../domains/upcs/upc-presenter';
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
const LOTS_PER_STATEMENT = 100;
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
  const seeding = { rng, owners, catalogue, lotPrefix: options.lotPrefix };
  // A hundred lots at a time, in a few statements each: a statement per row made 10,000 lots take minutes.
  for (let first = 0; first < options.lots; first += LOTS_PER_STATEMENT) {
    const count = Math.min(LOTS_PER_STATEMENT, options.lots - first);
    created += await db.transaction((tx) => seedLots(tx, first, count, seeding));
  }
  report.push(`${created} lots with boxes and items`);
  return report;
}

interface LotSeeding {
  readonly rng: ReturnType<typeof random>;
  readonly owners: ReadonlyArray<{ id: number }>;
  readonly catalogue: ReadonlyArray<UpcRow>;
  readonly lotPrefix: string;
}

/** One demo lot before it is stored: its row, and its boxes with the catalogue entries (and quantities) in each. */
interface PlannedLot {
  readonly lot: typeof lots.$inferInsert & { lotNumber: string };
  readonly boxes: ReadonlyArray<{ box: Omit<typeof boxes.$inferInsert, 'lotId'>; contents: ReadonlyArray<[UpcRow, number]> }>;
  readonly listed: boolean;
}

/** Demo lot number `n` (counting from 0), drawn from the seeded generator. */
function planLot(n: number, lotNumber: string, { rng, owners, catalogue }: LotSeeding): PlannedLot {
  const owner = rng.pick(owners);
  const status = rng.pick(STATUSES);
  const location = { zone: rng.int(1, 10), aisle: rng.int(1, 10), col: rng.int(1, 10), row: rng.int(1, 10), bin: rng.int(1, 50) };
  const lot = {
    lotNumber,
    titleListing: `${rng.pick(TITLES)}, ${rng.pick(GRADES).toLowerCase()}, ${rng.pick(BRANDS)} and more #${n + 1}`,
    status,
    categories: [rng.pick(CATEGORY_IDS)],
    numberOfPallets: rng.int(0, 2),
    numberOfCartons: rng.int(1, 6),
    userId: owner.id,
    locZone: location.zone, locAisle: location.aisle, locColumn: location.col, locRow: location.row, locBox: location.bin,
  };
  // One lot in eight is still empty: a lot is often created before its boxes are packed.
  const boxCount = rng.int(1, 8) === 1 ? 0 : rng.int(1, 3);
  const planned = Array.from({ length: boxCount }, (_, index) => {
    const [w, l, h] = rng.pick(CARTONS);
    const box = { label: `B${index + 1}`, boxNumber: index + 1, userId: owner.id, w, l, h, lbs: rng.int(3, 45), ozs: rng.int(0, 15), ...location };
    const chosen = new Map<string, UpcRow>();
    if (catalogue.length > 0) {
      for (let i = rng.int(2, 8); i > 0; i--) { const entry = rng.pick(catalogue); chosen.set(entry.upc, entry); }
    }
    return { box, contents: [...chosen.values()].map((entry): [UpcRow, number] => [entry, rng.int(1, 6)]) };
  });
  return { lot, boxes: planned, listed: status !== 'NOT_LISTED' };
}

/** Demo lots `first` to `first + count - 1` with their boxes, items and totals; returns how many were stored. */
async function seedLots(tx: Tx, first: number, count: number, seeding: LotSeeding): Promise<number> {
  const numbers = await nextLotNumbers(tx, seeding.lotPrefix, count);
  const plans = numbers.map((lotNumber, index) => planLot(first + index, lotNumber, seeding));
  const stored = await tx.insert(lots).values(plans.map((plan) => plan.lot)).returning({ id: lots.id, lotNumber: lots.lotNumber });
  const lotIds = new Map(stored.map((row) => [row.lotNumber, row.id]));
  const placed = plans.flatMap((plan) => {
    const lotId = lotIds.get(plan.lot.lotNumber);
    return lotId === undefined ? [] : plan.boxes.map(({ box, contents }) => ({ row: { ...box, lotId }, contents, listed: plan.listed }));
  });
  if (placed.length > 0) {
    const boxIds = await tx.insert(boxes).values(placed.map((box) => box.row)).returning({ id: boxes.id, lotId: boxes.lotId, boxNumber: boxes.boxNumber });
    const boxIdOf = new Map(boxIds.map((row) => [`${row.lotId}:${row.boxNumber}`, row.id]));
    const itemRows = placed.flatMap(({ row, contents, listed }) => {
      const boxId = boxIdOf.get(`${row.lotId}:${row.boxNumber}`);
      return boxId === undefined ? [] : contents.map(([entry, quantity]) => {
        const item = itemFromCatalogue(entry, boxId, quantity);
        return listed ? { ...item, listingPrice: demoListingPrice(entry.retailPrice, entry.wholesalePrice) } : item;
      });
    });
    if (itemRows.length > 0) await tx.insert(items).values(itemRows);
  }
  await recomputeTotalsOfLots(tx, stored.map((row) => row.id));
  return stored.length;
}

/** A listed lot's item price as setPricesForLot would make it with spec §9's default multipliers (DESIGN §5 Prices). */
function demoListingPrice(retail: number | null, cost: number | null): number | null {
  if (retail === null || retail <= 0) return null;
  const base = cost !== null && cost > 0 ? cost * 2.5 : retail * 0.2;
  return Math.round(Math.min(Math.max(base, retail * 0.1), retail * 0.25) * 100) / 100;
}
