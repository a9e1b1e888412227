// /app/getCatalogueCache (issue 31): the catalogue entries a device keeps so that a scan on the warehouse floor shows
// the item's description, MSRP and vendor with the Wi-Fi gone. First the UPCs of the boxes of the lots the user sees
// (what they will scan again), newest first; then the CATALOGUE_CACHE_TOP most used UPCs of all boxes. Both lists are
// read off items_upc_idx and the box/lot keys; the entries themselves by upcs' unique UPC index. A query: it never
// writes.
import { and, count, desc, eq, inArray, max } from 'drizzle-orm';
import { boxes, items, lots, upcs } from '../../db';
import { visibleLots } from '../lots';
import { defineHandlers, only, reply } from '../handler';
import { presentUpc } from './upc-presenter';

export const upcCacheHandlers = defineHandlers({
  getCatalogueCache: {
    access: 'user',
    async handle({ db, user, services }, { limit }) {
      const theirs = db.select({ upc: items.upc }).from(items)
        .innerJoin(boxes, eq(boxes.id, items.boxId)).innerJoin(lots, and(eq(lots.id, boxes.lotId), visibleLots(user)))
        .groupBy(items.upc).orderBy(desc(max(items.id))).limit(limit);
      const top = Math.min(limit, services.config.catalogueCacheTop);
      const used = db.select({ upc: items.upc }).from(items).groupBy(items.upc).orderBy(desc(count()), items.upc).limit(top);
      const [own, popular] = await Promise.all([theirs, top > 0 ? used : Promise.resolve([])]);
      const order = [...new Set([...own, ...popular].map((row) => row.upc))].slice(0, limit);
      const rows = order.length === 0 ? [] : await db.select().from(upcs).where(inArray(upcs.upc, order));
      const byUpc = new Map(rows.map((row) => [row.upc, row]));
      return only(reply.on('catalogueCache', order.flatMap((upc) => {
        const row = byUpc.get(upc);
        return row === undefined ? [] : [presentUpc(row)];
      })));
    },
  },
});
