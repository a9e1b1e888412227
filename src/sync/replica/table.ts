// What a domain tells the engine about one of its replica tables (DESIGN §4; CONVENTIONS: tldraw's
// createRecordType): its name, its Dexie schema per replica version, and how its rows point at the row they belong
// to. The engine builds the database, the optimistic overlay and temporary-id remapping from these definitions and
// never names a table itself. Every domain table is a cache of the server: the server wins every conflict, and the
// table is emptied when another user signs in on the device (the outbox and meta stay).

/**
 * A replicated row: the server's fields, plus, while outbox entries change it, `pending: 1` (Dexie cannot index
 * booleans) and `base`, the server's last version of it (null for a row created offline). Rolling an intent back
 * recomputes the row from `base` and the entries still active. A row an intent deletes stays stored, marked
 * `removed: 1` (screens hide it), so a refusal can bring it back.
 */
export type Replicated<T> = T & { pending?: 1; base?: T | null; removed?: 1 };

/** A row of a domain table: keyed by a numeric id (negative while made offline and unknown to the server). */
export type Row = { id: number };

export interface TableDefinition<R extends Row = Row> {
  readonly name: string;
  /**
   * Dexie store specs by replica version: primary key first, then indexes. A table lists the versions in which it
   * appeared or changed; append a version, never edit a released one. A changed cache table is emptied by the
   * upgrade (the server refills it); null drops the table.
   */
  readonly schema: Readonly<Record<number, string | null>>;
  /**
   * The owner field: a row made inside another row (a box in a lot, an item in a box) names it here. When the
   * server gives a row made offline its real id, the rows made inside it follow.
   */
  readonly parent?: { readonly table: string; readonly field: string };
  /** Conflicts and purging, in words (the server wins; when rows go): documentation for the next reader. */
  readonly rules: string;
  /** Type only: the row type the table holds. */
  readonly rowType?: R;
}

/** Declares a domain table with its row type: `defineTable<LotRow>({ name: 'lots', schema: { 1: 'id, …' }, … })`. */
export function defineTable<R extends Row>(definition: Omit<TableDefinition<R>, 'rowType'>): TableDefinition<R> {
  return definition;
}

/** Rows of a table as stored: the server's fields with the replica's marks. */
export type RowOf<T> = T extends TableDefinition<infer R> ? Replicated<R> : never;
