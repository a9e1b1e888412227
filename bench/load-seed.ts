// The load bench's data (bench/load.ts), written straight to the database before any server runs on it: a synthetic
// catalogue, and per staff member an account, a lot with boxes of catalogue items, and a token for it. Staff share
// nothing but the catalogue.
import { randomBytes } from 'node:crypto';
import { asc } from 'drizzle-orm';
import { boxes, items, lots, nextLotNumber, upcs, users, type Db } from '../server/db';
import { hashPassword } from '../server/auth/passwords';
import type { TokenService } from '../server/auth/tokens';
import { rolesFor } from '../server/auth/users';
import { seedCatalogue } from '../server/cli/seed/catalogue-data';
import { itemFromCatalogue, presentItem } from '../server/domains/items';
import { recomputeLotTotals } from '../server/domains/lots';
import type { Product, StaffPlan } from './load-staff';

const SAMPLED_PRODUCTS = 1000; // the products staff scan and type from
const BOXES_PER_LOT = 3;
const ITEMS_PER_BOX = 8;

export interface LoadSeed {
  staff: number;
  catalogueRows: number;
  /** Issues the staff's tokens (the servers' JWT secret): nobody signs in, login is not what is measured. */
  tokens: TokenService;
}

export async function seedLoad(db: Db, { staff, catalogueRows, tokens }: LoadSeed): Promise<StaffPlan[]> {
  await seedCatalogue(db, catalogueRows);
  const products = await db.select().from(upcs).orderBy(asc(upcs.id)).limit(SAMPLED_PRODUCTS);
  const catalogue: Product[] = products.map((row) => ({ upc: row.upc, vendor: row.vendorName, style: row.vendorStyleNumber }));
  // One hash for every account: scrypt is slow on purpose, and the password is never used.
  const passwordHash = await hashPassword(randomBytes(12).toString('hex'));
  const names = Array.from({ length: staff }, (_, i) => `load-staff-${i + 1}`);
  const accounts = await db.insert(users).values(names.map((username) => ({ username, passwordHash, roles: rolesFor(false) })))
    .returning({ id: users.id, username: users.username });
  const plans: StaffPlan[] = [];
  for (const [n, account] of accounts.entries()) {
    const [lot] = await db.insert(lots).values({ lotNumber: await nextLotNumber(db, 'LOAD-'), titleListing: `Load lot ${n + 1}`, userId: account.id })
      .returning({ id: lots.id });
    if (!lot) throw new Error('no lot inserted');
    const boxRows = await db.insert(boxes)
      .values(Array.from({ length: BOXES_PER_LOT }, (_, b) => ({ lotId: lot.id, label: `B${b + 1}`, boxNumber: b + 1, userId: account.id })))
      .returning({ id: boxes.id });
    const itemRows = await db.insert(items).values(boxRows.flatMap((box, b) => Array.from({ length: ITEMS_PER_BOX }, (_, i) => {
      const product = products[((n * BOXES_PER_LOT + b) * ITEMS_PER_BOX + i) % products.length];
      if (!product) throw new Error('no catalogue products');
      return itemFromCatalogue(product, box.id, 1);
    }))).returning();
    await recomputeLotTotals(db, lot.id);
    const token = await tokens.issue({ username: account.username, roles: rolesFor(false), tokenVersion: 0, id: account.id });
    plans.push({ token, lotId: lot.id, boxIds: boxRows.map((box) => box.id), items: itemRows.map(presentItem), catalogue });
  }
  return plans;
}
