// What a user owns: every row whose foreign key names the user and does not go with them (no ON DELETE CASCADE):
// lots, boxes, inventory events they started, history rows they wrote, and whatever table references users next.
// Read from the schema's own foreign keys, so a new owning table is covered without touching this file; a user
// who owns any of them cannot simply be deleted (the database refuses), only have them moved to someone else first.
import { count, eq, getTableColumns, getTableName, is } from 'drizzle-orm';
import { getTableConfig, PgTable, type PgColumn } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../db';
import * as schema from '../db/schema';

interface OwnerColumn {
  table: PgTable;
  column: PgColumn;
  /** The column's property name in the schema (what `update().set()` takes). */
  key: string;
}

/** Columns that reference users.id and stay behind when the user row goes (the database refuses the delete). */
function ownerColumns(): OwnerColumn[] {
  const found: OwnerColumn[] = [];
  for (const table of Object.values(schema)) {
    if (!is(table, PgTable)) continue;
    for (const foreignKey of getTableConfig(table).foreignKeys) {
      if (foreignKey.onDelete === 'cascade' || foreignKey.onDelete === 'set null') continue;
      const { columns, foreignTable, foreignColumns } = foreignKey.reference();
      const [column] = columns;
      if (foreignTable !== schema.users || foreignColumns[0] !== schema.users.id || columns.length !== 1 || !column) continue;
      const key = Object.entries(getTableColumns(table)).find(([, candidate]) => candidate === column)?.[0];
      if (key !== undefined) found.push({ table, column, key });
    }
  }
  return found;
}

const OWNER_COLUMNS = ownerColumns();

/** Table name → how many of its rows the user owns; only tables where they own some. */
export type Owned = Record<string, number>;

export async function ownedBy(db: DbOrTx, userId: number): Promise<Owned> {
  const owned: Owned = {};
  for (const { table, column } of OWNER_COLUMNS) {
    const [row] = await db.select({ n: count() }).from(table).where(eq(column, userId));
    const n = row?.n ?? 0;
    if (n > 0) owned[getTableName(table)] = (owned[getTableName(table)] ?? 0) + n;
  }
  return owned;
}

/** Moves everything `from` owns to `to` (call inside the transaction that then deletes `from`). */
export async function reassignOwned(db: DbOrTx, from: number, to: number): Promise<Owned> {
  const moved: Owned = {};
  for (const { table, column, key } of OWNER_COLUMNS) {
    const rows = await db.update(table).set({ [key]: to }).where(eq(column, from)).returning({ id: column });
    if (rows.length > 0) moved[getTableName(table)] = (moved[getTableName(table)] ?? 0) + rows.length;
  }
  return moved;
}

/** "lots: 12, boxes: 30": what a person reads. */
export const describeOwned = (owned: Owned): string =>
  Object.entries(owned).map(([table, n]) => `${table.replaceAll('_', ' ')}: ${n}`).join(', ');
