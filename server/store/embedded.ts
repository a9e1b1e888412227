// The embedded store: categories and products (listings) kept in our own database. It seeds a realistic
// category tree on first use so a fresh install has something to categorise lots with.
import { asc, sql } from 'drizzle-orm';
import type { Db } from '../db';
import { categories } from '../db/schema';
import { DEFAULT_CATEGORIES } from './default-categories';
import { createEmbeddedProducts } from './embedded-products';
import type { OnlineStore } from './types';

export async function seedCategories(db: Db): Promise<void> {
  // ON CONFLICT keeps a re-run (or a second server starting at the same time) harmless.
  await db.insert(categories).values([...DEFAULT_CATEGORIES]).onConflictDoNothing();
  // The seed uses explicit ids; move the serial past them so a category created later gets a fresh id.
  await db.execute(sql`select setval(pg_get_serial_sequence('categories', 'id'), (select coalesce(max(id), 1) from categories))`);
}

export function createEmbeddedStore(db: Db): OnlineStore {
  return {
    kind: 'embedded',
    ...createEmbeddedProducts(db),
    async getCategories() {
      return db.select({ id: categories.id, name: categories.name, parent: categories.parent }).from(categories).orderBy(asc(categories.id));
    },
  };
}
