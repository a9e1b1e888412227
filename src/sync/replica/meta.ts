// Device facts kept in the replica's `meta` table, each under a typed key checked on read: the engine's own
// (device id, whose data the cache holds, temporary ids) and the domains' (declared with `metaKey`). A key marked
// per user is forgotten when another user signs in, with the cache tables.
import { z } from 'zod';
import type { ReplicaTables } from './replica';

export interface MetaKey<T> {
  readonly name: string;
  readonly schema: z.ZodType<T>;
  /** Forgotten when another user signs in (a fact about the signed-in user, not the device). */
  readonly perUser: boolean;
}

const declared: Array<MetaKey<unknown>> = [];

/** Declares a meta key; `perUser` facts go with the cache when another user signs in. */
export function metaKey<T>(name: string, schema: z.ZodType<T>, { perUser = false }: { perUser?: boolean } = {}): MetaKey<T> {
  const key: MetaKey<T> = { name, schema, perUser };
  declared.push(key);
  return key;
}

/** The names of the per-user keys declared so far. */
export const perUserMetaKeys = (): string[] => declared.filter((key) => key.perUser).map((key) => key.name);

export async function readMeta<T>(db: Pick<ReplicaTables, 'meta'>, key: MetaKey<T>): Promise<T | undefined> {
  const row = await db.meta.get(key.name);
  if (row === undefined) return undefined;
  const value = key.schema.safeParse(row.value);
  return value.success ? value.data : undefined;
}

export async function writeMeta<T>(db: Pick<ReplicaTables, 'meta'>, key: MetaKey<T>, value: T): Promise<void> {
  await db.meta.put({ key: key.name, value });
}

/** Random, made once: the first half of every client-msg-id. */
export const DEVICE_ID = metaKey('deviceId', z.string());
/** The user whose data the cache tables hold. */
export const OWNER = metaKey('user', z.string());
/** The next temporary id for a row created offline (negative, counting down; never reused). */
export const NEXT_TEMP_ID = metaKey('nextTempId', z.number());
/** Recent temporary ids and the real ids the server gave them, newest last: an intent made from a screen that still
 * showed the temporary row is rewritten on enqueue. */
export const TEMP_IDS = metaKey('tempIds', z.array(z.tuple([z.number(), z.number()])));
