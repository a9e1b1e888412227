// Device settings in browser local storage (spec §3: token, productCategories; later: lots filter, price
// multipliers, listing quantity). The ONLY module that touches localStorage: values are JSON (the token is kept
// as its bare text, as other tools expect of a stored JWT), validated with zod on every read, and anything
// unreadable counts as absent rather than crashing the app.
import { z } from 'zod';
import { CategorySchema, LotsFilterSchema } from '../protocol/entities';

/** One schema per key; the key names are the spec's storage keys. Add later keys here. */
const SETTING_SCHEMAS = {
  token: z.string().regex(/^[\w-]+\.[\w-]+\.[\w-]*$/, 'three dot-separated base64url parts'), // spec §3
  productCategories: z.array(CategorySchema),
  lotsFilter: LotsFilterSchema, // spec §3/§9: the Lots list's filter, saved in local storage
  lotDetailsOpen: z.boolean(), // spec §2 Lot edit: the (+) details toggle, remembered locally
} as const;

/** Keys stored as plain text rather than JSON. */
const PLAIN_TEXT_KEYS: ReadonlySet<string> = new Set(['token']);

type SettingSchemas = typeof SETTING_SCHEMAS;
export type SettingKey = keyof SettingSchemas;
export type SettingValue<K extends SettingKey> = z.infer<SettingSchemas[K]>;

/** The part of the Web Storage API we use, so tests can pass an in-memory one. */
export type StorageLike = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

export interface Settings {
  /** The stored value, or undefined when it is missing, not JSON, or fails its schema. */
  get<K extends SettingKey>(key: K): SettingValue<K> | undefined;
  /** Throws on a storage error (quota, private mode): DESIGN §4 says quota errors are shown, never swallowed. */
  set<K extends SettingKey>(key: K, value: SettingValue<K>): void;
  remove(key: SettingKey): void;
}

export function createSettings(storage: StorageLike): Settings {
  return {
    get(key) {
      const raw = storage.getItem(key);
      if (raw === null) return undefined;
      let json: unknown = raw;
      try {
        if (!PLAIN_TEXT_KEYS.has(key)) json = JSON.parse(raw);
      } catch {
        console.warn(`settings: stored ${key} is not JSON; ignoring it`);
        return undefined;
      }
      const parsed = SETTING_SCHEMAS[key].safeParse(json);
      if (!parsed.success) {
        console.warn(`settings: stored ${key} does not match its schema; ignoring it`);
        return undefined;
      }
      // The schema for K produced this value; TypeScript cannot correlate the indexed schema with K.
      return parsed.data as SettingValue<typeof key>;
    },
    set(key, value) {
      storage.setItem(key, PLAIN_TEXT_KEYS.has(key) && typeof value === 'string' ? value : JSON.stringify(value));
    },
    remove(key) {
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

function browserStorage(): StorageLike {
  try {
    // Merely reading the property throws a SecurityError when storage is blocked.
    if (typeof localStorage !== 'undefined') return localStorage;
  } catch {
    console.warn('settings: localStorage is unavailable; settings last for this page only');
  }
  return createMemoryStorage();
}

export const settings: Settings = createSettings(browserStorage());
