// The store's product categories (spec §3, §4): fetched when the user is authenticated and the connection is up,
// kept as a list plus an id → category map, and saved in settings under productCategories so an offline start
// still has them. Only a WOOCOMMERCE_CATEGORIES reply with errorCode 200 is handled (spec §7). This file is the
// domain's only public face.
import { useSyncExternalStore } from 'react';
import { z } from 'zod';
import { contract } from '../../protocol/contract';
import { CategorySchema, type Category } from '../../protocol/entities';
import { defineDomain, type ConnectContext } from '../../sync/domain';
import { parsed } from '../../sync/ingest/parsed';
import { defineTable } from '../../sync/replica/table';
import { sync } from '../../sync/runtime';
import { defineSetting } from '../../sync/session/settings';
import { createStore } from '../../sync/store';

export const FETCHING_CATEGORIES = 'Fetching Categories...'; // spec §4

/** Spec §3: the list, in browser storage under productCategories. */
export const PRODUCT_CATEGORIES = defineSetting('productCategories', z.array(CategorySchema));

export interface CategoriesState {
  readonly list: readonly Category[];
  readonly byId: ReadonlyMap<number, Category>;
}

function stateOf(list: readonly Category[]): CategoriesState {
  return { list, byId: new Map(list.map((category) => [category.id, category])) };
}

const store = createStore<CategoriesState>(stateOf([]));

// Declared since the replica's first version; the list itself lives in settings (spec §3), so this stays empty.
const categoriesTable = defineTable<Category>({
  name: 'categories',
  schema: { 1: 'id, parent' },
  rules: 'Unused: the category list lives in settings under productCategories (spec §3); kept so the schema stays as installed.',
});

/** Asks the server for the list; busy with 'Fetching Categories...' when the request went out. */
export function fetchCategories({ queries, feedback }: ConnectContext): void {
  if (queries.send('getWoocommerceCategories', undefined)) feedback.status.busy(FETCHING_CATEGORIES);
}

export const categoriesDomain = defineDomain({
  name: 'categories',
  tables: [categoriesTable],
  messages: {
    WOOCOMMERCE_CATEGORIES(envelope, { feedback, settings }) {
      const list = parsed(contract.getWoocommerceCategories.reply.data, envelope.data, 'WOOCOMMERCE_CATEGORIES data');
      if (list === undefined) return;
      store.set(stateOf(list));
      feedback.status.ready();
      // Last: a full storage throws here, after the screen already has the list for this visit.
      settings.set(PRODUCT_CATEGORIES, list);
    },
  },
  // Spec §4: categories load only when the user is authenticated and the connection is up: on every connect.
  onConnect: fetchCategories,
  reset: () => store.set(stateOf(sync().settings.get(PRODUCT_CATEGORIES) ?? [])),
});

export function useCategories(): CategoriesState {
  return useSyncExternalStore(store.subscribe, store.get);
}

export const categories = { get: store.get, subscribe: store.subscribe };
