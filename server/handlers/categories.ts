// /app/getWoocommerceCategories: the online store's category tree (spec §7), from the store adapter.
import type { HandlerMap } from './types';
import { only, reply } from './replies';

export const categoryHandlers: HandlerMap = {
  getWoocommerceCategories: {
    access: 'user',
    async handle({ services }) {
      return only(reply.ok('WOOCOMMERCE_CATEGORIES', await services.store.getCategories()));
    },
  },
};
