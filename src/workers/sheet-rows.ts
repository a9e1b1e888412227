// A sheet's rows as callers receive them: each with its row number as Excel shows it, its values in a record
// with no prototype keyed by the column set's own keys. Imports nothing, so the main thread can rebuild the
// worker's pages without loading the parser.

export interface SheetRow<K extends string> {
  /** The row's number as Excel shows it (1 = the sheet's first row), for messages that name it. */
  readonly rowNumber: number;
  /** Every key of the set; '' where the cell is empty or no header names the column. */
  readonly values: Readonly<Record<K, string>>;
}

/** A row left out because a value broke a rule, with why. */
export interface RejectedRow {
  readonly rowNumber: number;
  readonly reason: string;
}

export interface SheetRows<K extends string> {
  readonly rows: ReadonlyArray<SheetRow<K>>;
  readonly rejected: readonly RejectedRow[];
  /** Keys no header matched. */
  readonly missing: readonly K[];
  /** The sheet had more than maxRows rows; only the first were read. */
  readonly truncated: boolean;
}

/** A row's values as a record with no prototype: no key can reach Object.prototype, whatever it is called. */
export function recordOf<K extends string>(keys: readonly K[], values: readonly string[]): Readonly<Record<K, string>> {
  const record = Object.create(null) as Record<K, string>;
  keys.forEach((key, index) => {
    record[key] = values[index] ?? '';
  });
  return record;
}

export function rowsOf<K extends string>(keys: readonly K[], values: ReadonlyArray<readonly string[]>, rowNumbers: readonly number[]): Array<SheetRow<K>> {
  return values.map((row, index) => ({ rowNumber: rowNumbers[index] ?? 0, values: recordOf(keys, row) }));
}
