// The two online stores under test, set up one way for every suite: the WooCommerce adapter on our contract server
// (tests/support/woocommerce-contract-server.ts), and the embedded store on a private database that holds the lots
// its products must belong to. Each is also a StoreUnderTest for the shared contract (tests/support/store-contract.ts).
import { count, eq } from 'drizzle-orm';
import { type Database, type Db, categories, listings, lots, nextLotNumber, openDatabase, users } from '../../server/db';
import { createEmbeddedStore, seedCategories } from '../../server/store/embedded';
import type { OnlineStore } from '../../server/store/types';
import { type WooCommerceOptions, createWooCommerceStore } from '../../server/store/woocommerce';
import { uniqueName } from './staff';
import { createTestDatabase } from './test-database';
import { type ContractServer, startContractServer } from './woocommerce-contract-server';

/** The adapter on the contract server: short time limits and quick retries, so a failing test fails fast. */
export const wooCommerceStore = (wc: ContractServer, options: Partial<WooCommerceOptions> = {}): OnlineStore =>
  createWooCommerceStore({
    url: wc.origin,
    key: wc.key,
    secret: wc.secret,
    mediaLogin: wc.mediaLogin,
    timeoutMs: 2000,
    retry: { attempts: 4, backoffMs: 5, maxDelayMs: 2000 },
    ...options,
  });

/** A store with what the contract needs of its backing data, whichever store it is. */
export interface StoreUnderTest {
  readonly store: OnlineStore;
  /** A SKU the store accepts a product for (the embedded store lists only lots it has). */
  newSku(): Promise<string>;
  /** A new top-level category; its id. */
  addCategory(name: string): Promise<number>;
  /** How many products the store holds with this SKU (never more than one). */
  productsWithSku(sku: string): Promise<number>;
  stop(): Promise<void>;
}

export async function startWooCommerceUnderTest(): Promise<StoreUnderTest> {
  const wc = await startContractServer();
  return {
    store: wooCommerceStore(wc),
    newSku: async () => uniqueName('LOT'),
    addCategory: async (name) => wc.catalog.addCategory(name).id,
    productsWithSku: async (sku) => [...wc.catalog.products.values()].filter((product) => product.sku === sku).length,
    stop: () => wc.stop(),
  };
}

export interface EmbeddedStoreUnderTest extends StoreUnderTest {
  readonly database: Database;
  /** A new lot (owned by a user of its own); the embedded store's products are these lots. */
  readonly addLot: LotMaker;
}

export type LotMaker = () => Promise<{ id: number; lotNumber: string }>;

/** Makes lots on `db` (each with the next lot number), all owned by one new user: what a listing needs to exist. */
export async function lotMaker(db: Db): Promise<LotMaker> {
  const [owner] = await db.insert(users).values({ username: uniqueName('owner'), passwordHash: 'not a hash' }).returning({ id: users.id });
  if (owner === undefined) throw new Error('no user row');
  const ownerId = owner.id;
  return async () => {
    const [lot] = await db
      .insert(lots)
      .values({ lotNumber: await nextLotNumber(db, 'LOT-'), userId: ownerId })
      .returning({ id: lots.id, lotNumber: lots.lotNumber });
    if (lot === undefined) throw new Error('no lot row');
    return lot;
  };
}

/** The embedded store on a fresh database with its seeded category tree, as the server starts it. */
export async function startEmbeddedUnderTest(): Promise<EmbeddedStoreUnderTest> {
  const testDatabase = await createTestDatabase();
  const database = await openDatabase({ dataDir: testDatabase.options.dataDir, ...(testDatabase.options.databaseUrl ? { databaseUrl: testDatabase.options.databaseUrl } : {}) });
  await seedCategories(database.db);
  const addLot = await lotMaker(database.db);

  return {
    database,
    store: createEmbeddedStore(database.db),
    addLot,
    newSku: async () => (await addLot()).lotNumber,
    async addCategory(name) {
      const [row] = await database.db.insert(categories).values({ name, parent: 0 }).returning({ id: categories.id });
      if (row === undefined) throw new Error('no category row');
      return row.id;
    },
    async productsWithSku(sku) {
      const [row] = await database.db.select({ n: count() }).from(listings).where(eq(listings.sku, sku));
      return row?.n ?? 0;
    },
    async stop() {
      await database.close();
      await testDatabase.dispose();
    },
  };
}
