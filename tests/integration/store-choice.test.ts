// Which online store the server talks to (DESIGN §5): with WC_URL, WC_KEY and WC_SECRET set, the category tree of
// getWoocommerceCategories comes from the WooCommerce shop (here the contract server of tests/support); without them,
// from the embedded store's seeded tree.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CategorySchema } from '../../src/protocol/entities';
import { okData } from '../support/lot-replies';
import { ALICE, staffOf, type Staff } from '../support/staff';
import { startTestServer, type TestServer } from '../support/test-server';
import { startContractServer, type ContractServer } from '../support/woocommerce-contract-server';

let shop: ContractServer;
let server: TestServer;
let staff: Staff;

beforeAll(async () => {
  shop = await startContractServer();
  const kitchen = shop.catalog.addCategory('Home & Kitchen');
  shop.catalog.addCategory('Kettles', kitchen.id);
  server = await startTestServer({ WC_URL: shop.origin, WC_KEY: shop.key, WC_SECRET: shop.secret });
  staff = staffOf(server);
});

afterAll(async () => {
  await staff?.closeAll();
  await server?.stop();
  await shop?.stop();
});

describe('a server with WC_URL, WC_KEY and WC_SECRET', () => {
  it("answers getWoocommerceCategories with the shop's tree, read through its REST API", async () => {
    const client = await staff.connect(ALICE);
    const categories = CategorySchema.array().parse(okData(await client.request('getWoocommerceCategories', undefined, 'incomingMessages')));
    expect(categories.map(({ name }) => name)).toEqual(['Home & Kitchen', 'Kettles']);
    expect(shop.requests.some((request) => request.path === '/wp-json/wc/v3/products/categories')).toBe(true);
  });

  it("serves no store pages of its own: /store and /store/{slug} send the browser to the shop's", async () => {
    const to = async (path: string) => {
      const response = await fetch(`${server.url}${path}`, { headers: { accept: 'text/html' }, redirect: 'manual' });
      return [response.status, response.headers.get('location')];
    };
    expect(await to('/store/lot-000001-pallet')).toEqual([302, `${shop.origin}/product/lot-000001-pallet/`]);
    expect(await to('/store')).toEqual([302, `${shop.origin}/`]);
  });
});
