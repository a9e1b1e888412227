// Device settings in browser local storage (spec §3: token, productCategories; the lots filter, the price
// multipliers, the listing quantity). The ONLY module that touches localStorage: values are JSON (the token is kept
// as its bare text, as other tools expect of a stored JWT), validated with zod on every read, and anything
// unreadable counts as absent rather than crashing the app. Each key is declared once, with its schema, by the part
// that owns it (`defineSetting`); the key names are the spec's storage keys.
import { z } from 'zod';

export interface Setting<T> {
  readonly key: string;
  readonly schema: z.ZodType<T>;
  /** Stored as plain text rather than JSON (the token). */
  readonly plainText: boolean;
}

export function defineSetting<T>(key: string, schema: z.ZodType<T>, { plainText = false }: { plainText?: boolean } = {}): Setting<T> {
  return { key, schema, plainText };
}

/** Spec §3: the session token, under the key token. */
export const TOKEN = defineSetting('token', z.string().regex(/^[\w-]+\.[\w-]+\.[\w-]*$/, 'three dot-separated base64url parts'), { plainText: true });

/** Per table (its id, e.g. 'lots'), the columns hidden with the column chooser on this device. Generic: the
 * engine knows no table; a table names itself. */
export const TABLE_COLUMNS = defineSetting('tableColumns', z.record(z.string(), z.array(z.string())));

/** The column ids hidden in this table on this device (`initial`, none unless given, until the chooser is used). */
export const hiddenColumns = (settings: Settings, tableId: string, initial: readonly string[] = []): string[] => settings.get(TABLE_COLUMNS)?.[tableId] ?? [...initial];

/** Remembers this table's hidden columns, keeping the other tables' choices. */
export function setHiddenColumns(settings: Settings, tableId: string, hidden: readonly string[]): void {
  settings.set(TABLE_COLUMNS, { ...settings.get(TABLE_COLUMNS), [tableId]: [...hidden] });
}

/** The part of the Web Storage API we use, so tests can pass an in-memory one. */
export type StorageLike = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

export interface Settings {
  /** The stored value, or undefined when it is missing, not JSON, or fails its schema. */
  get<T>(setting: Setting<T>): T | undefined;
  /** Throws on a storage error (quota, private mode): DESIGN §4 says quota errors are shown, never swallowed. */
  set<T>(setting: Setting<T>, value: T): void;
  remove(setting: Setting<unknown>): void;
}

export function createSettings(storage: StorageLike): Settings {
  return {
    get({ key, schema, plainText }) {
      const raw = storage.getItem(key);
      if (raw === null) return undefined;
      let json: unknown = raw;
      try {
        if (!plainText) json = JSON.parse(raw);
      } catch {
        console.warn(`settings: stored ${key} is not JSON; ignoring it`);
        return undefined;
      }
      const parsed = schema.safeParse(json);
      if (!parsed.success) {
        console.warn(`settings: stored ${key} does not match its schema; ignoring it`);
        return undefined;
      }
      return parsed.data;
    },
    set({ key, plainText }, value) {
      storage.setItem(key, plainText && typeof value === 'string' ? value : JSON.stringify(value));
    },
    remove({ key }) {
      storage.removeItem(key);
    },
  };
}

/** In-memory storage: for tests, and for browsers that deny localStorage (some private modes throw). */
export function createMemoryStorage(): StorageLike {
  const items = new Map<string, string>();
  return {
    getItem: (key) => items.get(key) ?? null,
    setItem: (key, value) => void items.set(key, String(value)),
    removeItem: (key) => void items.delete(key),
  };
}

/** The browser's localStorage, or memory when it is denied. */
export function browserStorage(): StorageLike {
  try {
    // Merely reading the property throws a SecurityError when storage is blocked.
    if (typeof localStorage !== 'undefined') return localStorage;
  } catch {
    console.warn('settings: localStorage is unavailable; settings last for this page only');
  }
  return createMemoryStorage();
}
