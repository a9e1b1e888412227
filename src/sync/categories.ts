// The store's product categories (spec §3, §4): fetched when the user is authenticated and the connection is
// up, kept as a list plus an id → category map, and saved in settings under productCategories so an offline
// start still has them. Only a WOOCOMMERCE_CATEGORIES reply with errorCode 200 is handled (spec §7).
import { z } from 'zod';
import { Destination } from '../protocol/destinations';
import { CategorySchema, type Category } from '../protocol/entities';
import { EnvelopeSchema } from '../protocol/envelope';
import { ErrorCode } from '../protocol/error-codes';
import { MessageType } from '../protocol/message-types';
import type { Connection } from './connection';
import type { Settings } from './settings';
import type { Status } from './status';
import { createStore } from './store';

export const FETCHING_CATEGORIES = 'Fetching Categories...'; // spec §4

export interface CategoriesState {
  readonly list: readonly Category[];
  readonly byId: ReadonlyMap<number, Category>;
}

export interface Categories {
  readonly get: () => CategoriesState;
  readonly subscribe: (listener: () => void) => () => void;
  /** Asks the server for the list; busy with 'Fetching Categories...' when the request went out. */
  readonly fetch: () => void;
  /** Feeds one incomingMessages body; true when it was the category reply and got applied. */
  readonly ingest: (body: unknown) => boolean;
}

const CategoryListSchema = z.array(CategorySchema);

/** The category list carried by an OK WOOCOMMERCE_CATEGORIES envelope, else undefined. */
export function categoriesFromReply(body: unknown): Category[] | undefined {
  const envelope = EnvelopeSchema.safeParse(body);
  if (!envelope.success || envelope.data.messageType !== MessageType.WOOCOMMERCE_CATEGORIES) return undefined;
  if (envelope.data.errorCode !== ErrorCode.OK) return undefined;
  const list = CategoryListSchema.safeParse(envelope.data.data);
  if (!list.success) {
    console.warn('categories: reply data is not a category list', list.error.issues);
    return undefined;
  }
  return list.data;
}

function stateOf(list: readonly Category[]): CategoriesState {
  return { list, byId: new Map(list.map((category) => [category.id, category])) };
}

export interface CategoriesDeps {
  readonly publish: Connection['publish'];
  readonly settings: Settings;
  readonly status: Status;
}

export function createCategories({ publish, settings, status }: CategoriesDeps): Categories {
  const store = createStore<CategoriesState>(stateOf(settings.get('productCategories') ?? []));
  return {
    get: store.get,
    subscribe: store.subscribe,
    fetch() {
      if (publish(Destination.getWoocommerceCategories)) status.busy(FETCHING_CATEGORIES);
    },
    ingest(body) {
      const list = categoriesFromReply(body);
      if (list === undefined) return false;
      store.set(stateOf(list));
      status.ready();
      // Last: a full storage throws here, after the screen already has the list for this visit.
      settings.set('productCategories', list);
      return true;
    },
  };
}
