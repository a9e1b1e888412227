// /app/getWoocommerceCategories: the online store's category tree (spec §7), from the store adapter.
import { defineHandlers, only, reply } from '../handler';

export const categoryHandlers = defineHandlers({
  getWoocommerceCategories: {
    access: 'user',
    async handle({ services }) {
      return only(reply.ok('WOOCOMMERCE_CATEGORIES', await services.store.getCategories()));
    },
  },
});
