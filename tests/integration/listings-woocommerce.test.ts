// Listing on a WooCommerce shop (DESIGN §5 Online store; issue 15): with WC_URL, WC_KEY and WC_SECRET the listing
// destinations reach the shop's REST API — here the contract server of tests/support, which answers as WooCommerce
// does. The product is keyed by the lot number, its pictures go to the media library, the lot's slug is the product's.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCode } from '../../src/protocol/error-codes';
import { MessageType } from '../../src/protocol/message-types';
import { StoreMessages } from '../../src/protocol/messages';
import { packedBox } from '../support/boxes';
import { photo, upload } from '../support/images';
import { auctionRowOf, createTemplate, list, listAuction, listedLot, listingRequest, priceRequest, unlist } from '../support/listings';
import { send } from '../support/lot-replies';
import { ALICE, staffOf, type Staff } from '../support/staff';
import { startTestServer, type TestServer } from '../support/test-server';
import { startContractServer, type ContractServer } from '../support/woocommerce-contract-server';

let shop: ContractServer;
let server: TestServer;
let staff: Staff;

beforeAll(async () => {
  shop = await startContractServer();
  server = await startTestServer({
    WC_URL: shop.origin, WC_KEY: shop.key, WC_SECRET: shop.secret, WP_USER: shop.mediaLogin.user, WP_APP_PASSWORD: shop.mediaLogin.password,
  });
  staff = staffOf(server);
});

afterAll(async () => {
  await staff?.closeAll();
  await server?.stop();
  await shop?.stop();
});

describe('listing on the WooCommerce shop', () => {
  it('creates one product per lot (SKU = lot number) with price, stock, listing HTML and the lot\'s picture, and unlists it', async () => {
    const alice = await staff.connect(ALICE);
    const { lot } = await packedBox(alice, 'Shop lot');
    expect((await upload(server.url, await staff.tokenFor(ALICE), { file: await photo(), SKU: lot.lotNumber })).status).toBe(200);
    await send(alice, 'setPricesForLot', priceRequest(lot));
    const template = await createTemplate(alice);

    const listed = listedLot(await list(alice, listingRequest(lot, template, { qnt: 2 })));
    await list(alice, listingRequest(lot, template, { qnt: 2 }));
    const products = [...shop.catalog.products.values()].filter((product) => product.sku === lot.lotNumber);
    expect(products).toHaveLength(1);
    expect(products[0]).toMatchObject({ name: 'Shop lot', regularPrice: '8.87', manageStock: true, stockQuantity: 2 });
    expect(products[0]?.description).toContain('<td>Kettle 1.7L</td>');
    expect(products[0]?.images).toHaveLength(1);
    expect(listed).toMatchObject({ status: 'LISTED', slug: products[0]?.slug });

    expect(await unlist(alice, lot)).toMatchObject({ status: 'NOT_LISTED' });
    expect(shop.catalog.bySku(lot.lotNumber)).toBeUndefined();
  });

  it("lists an auction lot as the auction plugin's product: its auction title, starting price, start and end", async () => {
    const alice = await staff.connect(ALICE);
    const { lot } = await packedBox(alice, 'Auction shop lot');
    const row = await auctionRowOf(alice, lot, '40 kettles, one pallet', 25);
    const reply = await listAuction(alice, row, await createTemplate(alice));
    expect(listedLot(reply)).toMatchObject({ id: lot.id, status: 'LISTED' });
    expect(shop.catalog.bySku(lot.lotNumber)).toMatchObject({
      name: '40 kettles, one pallet',
      type: 'auction',
      regularPrice: '25.00',
      metaData: [
        { key: '_auction_start_price', value: '25.00' },
        { key: '_auction_dates_from', value: '2027-03-01 17:00' },
        { key: '_auction_dates_to', value: '2027-03-08 17:00' },
      ],
    });
  });

  it("answers SERVICE_UNAVAILABLE in the store's words when the shop is down, and the lot stays NOT_LISTED", async () => {
    const alice = await staff.connect(ALICE);
    const { lot } = await packedBox(alice, 'Down shop lot');
    const template = await createTemplate(alice);
    shop.fail({ kind: '503' }, 20);
    try {
      expect(await list(alice, listingRequest(lot, template))).toEqual({
        errorCode: ErrorCode.SERVICE_UNAVAILABLE, messageType: MessageType.ERROR, message: StoreMessages.unavailable(503), data: null,
      });
    } finally {
      shop.fail({ kind: '503' }, 0);
    }
    expect(shop.catalog.bySku(lot.lotNumber)).toBeUndefined();
  }, 30_000);
});
