// Deterministic sample data for demos and manual testing: staff, a small catalogue, and lots with boxes and
// items built from it. A fixed seed, so two installs show the same lots. Later issues extend it.
import { eq } from 'drizzle-orm';
import type { Db } from '../../db';
import { boxes, items, lots, nextLotNumber, upcs, users } from '../../db';
import { createUserRepository } from '../../auth/users';

export const DEMO_PASSWORD = 'demo-password';
const DEMO_USERS = [
  { username: 'alice', admin: false },
  { username: 'bob', admin: false },
] as const;

const BRANDS = ['Acme', 'Northwind', 'Contoso', 'Globex', 'Initech', 'Umbrella', 'Stark Home', 'Wayne Outdoor'];
const PRODUCTS = [
  ['Bluetooth Speaker', 39.99], ['Stainless Kettle', 29.5], ['LED Desk Lamp', 24.99], ['Air Fryer 4qt', 89.99],
  ['Wireless Earbuds', 59.99], ['Throw Blanket', 19.99], ['Cordless Drill', 79], ['Yoga Mat', 22.49],
  ['Smart Plug 2-pack', 17.99], ['Cast Iron Skillet', 34.95], ['Kids Backpack', 27.5], ['Running Shoes', 64.99],
] as const;
const COLORS = ['Black', 'White', 'Grey', 'Blue', 'Red', 'Green'];
const SIZES = ['', 'S', 'M', 'L', 'XL', 'One Size'];
const TITLES = ['Electronics customer returns', 'Kitchen overstock', 'Mixed home goods', 'Shelf pulls — tools',
  'Outdoor & sports', 'Small appliances', 'Apparel closeouts', 'Toys and games', 'Bedding and bath', 'Office supplies',
  'Pet supplies', 'Health & beauty', 'Garden and patio', 'Auto accessories', 'Baby gear', 'Holiday decor'];
const GRADES = ['New', 'Like new', 'Untested returns', 'Shelf pulls', 'Overstock', 'Mixed condition'];
const CATEGORY_IDS = [10, 11, 17, 18, 27, 31, 38, 57, 61] as const;
const STATUSES = ['NOT_LISTED', 'NOT_LISTED', 'NOT_LISTED', 'LISTED', 'SOLD', 'SHIPPED'] as const;

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

  const rng = random(20261121);
  const catalogue = Array.from({ length: 60 }, (_, i) => {
    const [name, retail] = rng.pick(PRODUCTS);
    return {
      upc: upcA(81234500000 + i),
      vendorName: rng.pick(BRANDS),
      vendorStyleNumber: `ST-${1000 + i}`,
      size: rng.pick(SIZES),
      color: rng.pick(COLORS),
      itemDescription: name,
      retailPrice: retail,
      wholesalePrice: Math.round(retail * 40) / 100,
      source: 'dataentry' as const,
    };
  });
  const insertedUpcs = await db.insert(upcs).values(catalogue).onConflictDoNothing().returning({ id: upcs.id });
  report.push(`${insertedUpcs.length} catalogue entries`);

  const owners = await db.select({ id: users.id, username: users.username }).from(users);
  let created = 0;
  for (let n = 0; n < options.lots; n++) {
    const owner = rng.pick(owners);
    const [lot] = await db.insert(lots).values({
      lotNumber: await nextLotNumber(db, options.lotPrefix),
      titleListing: `${rng.pick(TITLES)}, ${rng.pick(GRADES).toLowerCase()}, ${rng.pick(BRANDS)} and more #${n + 1}`,
      status: rng.pick(STATUSES),
      categories: [rng.pick(CATEGORY_IDS)],
      numberOfPallets: rng.int(0, 2),
      numberOfCartons: rng.int(1, 6),
      userId: owner.id,
      locZone: rng.int(1, 10), locAisle: rng.int(1, 10), locColumn: rng.int(1, 10), locRow: rng.int(1, 10), locBox: rng.int(1, 50),
    }).returning({ id: lots.id });
    if (!lot) continue;
    let units = 0;
    let retail = 0;
    for (let b = 1; b <= rng.int(1, 3); b++) {
      const [box] = await db.insert(boxes).values({ lotId: lot.id, label: `B${b}`, boxNumber: b, userId: owner.id, w: 18, l: 24, h: 12, lbs: rng.int(5, 40) }).returning({ id: boxes.id });
      if (!box) continue;
      const chosen = new Map<string, (typeof catalogue)[number]>();
      for (let i = 0; i < rng.int(2, 8); i++) { const entry = rng.pick(catalogue); chosen.set(entry.upc, entry); }
      const rows = [...chosen.values()].map((entry) => ({
        boxId: box.id, upc: entry.upc, quantity: rng.int(1, 6), retailPrice: entry.retailPrice, clientCost: entry.wholesalePrice,
        vendor: entry.vendorName, itemDescriptionManifest: entry.itemDescription, color: entry.color, size: entry.size,
      }));
      await db.insert(items).values(rows);
      for (const row of rows) { units += row.quantity; retail += row.quantity * row.retailPrice; }
    }
    await db.update(lots).set({ numberOfUnits: units, totalOriginalRetail: Math.round(retail * 100) / 100 }).where(eq(lots.id, lot.id));
    created++;
  }
  report.push(`${created} lots with boxes and items`);
  return report;
}
