// Image entry's save by URL (/app/saveImageByUrl) and background removal (POST /api/remove-bg-image) on the real
// server (issue 14). A loopback image host is reachable only because this server names it in IMAGE_FETCH_TEST_ORIGIN;
// every other private address stays refused (the URL guard's own matrix is tests/integration/url-fetch.test.ts).
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCode } from '../../src/protocol/error-codes';
import { ImageSavedSchema, UpcImagesSchema, type Image } from '../../src/protocol/images';
import { MessageType } from '../../src/protocol/message-types';
import { ImageMessages, UrlFetchMessages } from '../../src/protocol/messages';
import { newUpc } from '../support/catalogue';
import { photo, removeBackground, upload } from '../support/images';
import { okData, send } from '../support/lot-replies';
import { renderScene, SCENES } from '../support/product-photos';
import { ALICE, BOB, createLot, staffOf, uniqueName, type Staff } from '../support/staff';
import { startTestServer, type TestServer } from '../support/test-server';

let imageHost: Server;
let hostUrl: string;
let server: TestServer;
let staff: Staff;

beforeAll(async () => {
  const jpeg = await photo(900, 600);
  imageHost = createServer((request, response) => {
    if (request.url === '/shoe.jpg') return void response.writeHead(200, { 'Content-Type': 'image/jpeg' }).end(jpeg);
    if (request.url === '/page.jpg') return void response.writeHead(200, { 'Content-Type': 'image/jpeg' }).end('<!doctype html><p>not a picture</p>');
    response.writeHead(404).end();
  });
  await new Promise<void>((resolve) => imageHost.listen(0, '127.0.0.1', resolve));
  const { port } = imageHost.address() as AddressInfo;
  hostUrl = `http://127.0.0.1:${port}`;
  server = await startTestServer({ IMAGE_FETCH_TEST_ORIGIN: `127.0.0.1:${port}` });
  staff = staffOf(server);
});

afterAll(async () => {
  await staff?.closeAll();
  await server?.stop();
  await new Promise((resolve) => imageHost?.close(resolve));
});

const upcImages = async (upc: string) => {
  const client = await staff.connect(BOB);
  return UpcImagesSchema.parse(okData(await send(client, 'getImagesForUPC', upc))).images;
};

describe('saveImageByUrl', () => {
  it("stores the address's image for the UPC with every variant: IMAGE_UPLOADED 'Uploaded image: shoe.jpg'", async () => {
    const client = await staff.connect(ALICE);
    const upc = newUpc();
    const reply = await send(client, 'saveImageByUrl', { UPC: upc, URL: `${hostUrl}/shoe.jpg` });
    expect(reply).toMatchObject({ errorCode: ErrorCode.OK, messageType: MessageType.IMAGE_UPLOADED, message: ImageMessages.uploaded('shoe.jpg') });
    const saved = ImageSavedSchema.parse(okData(reply));
    expect(saved).toMatchObject({ upc, lotId: null, image: { fileName: 'shoe.jpg' } });
    expect((await fetch(`${server.url}${saved.image.medium ?? ''}`)).status).toBe(200);
    expect(await upcImages(upc)).toEqual([saved.image]);
  });

  it.each([
    { name: 'a page that is no image', url: () => `${hostUrl}/page.jpg`, message: ImageMessages.notImage('page.jpg') },
    { name: 'the cloud metadata address', url: () => 'http://169.254.169.254/latest/meta-data/x.jpg', message: UrlFetchMessages.notPublic('169.254.169.254') },
    { name: 'another port on loopback', url: () => 'http://127.0.0.1:9/x.jpg', message: UrlFetchMessages.notPublic('127.0.0.1') },
    { name: 'a file: address', url: () => 'file:///etc/passwd', message: expect.any(String) },
  ])('refuses $name with BAD_REQUEST and stores nothing', async ({ url, message }) => {
    const upc = newUpc();
    const reply = await send(await staff.connect(ALICE), 'saveImageByUrl', { UPC: upc, URL: url() });
    expect(reply).toMatchObject({ errorCode: ErrorCode.BAD_REQUEST, message });
    expect(await upcImages(upc)).toEqual([]);
  });
});

describe('remove-bg-image', () => {
  async function uploadedFor(target: { UPC?: string; SKU?: string }, file: Buffer, owner = ALICE): Promise<Image> {
    const answer = await upload(server.url, await staff.tokenFor(owner), { file, fileName: 'kettle.jpg', type: 'image/jpeg', ...target });
    return ImageSavedSchema.parse(okData(answer.body)).image;
  }

  it("adds a transparent PNG of the image beside it: IMAGE_BACKGROUND_REMOVED with status 'Success'", async () => {
    const scene = SCENES[0];
    if (scene === undefined) throw new Error('no product scene');
    const { image: jpeg } = await renderScene(scene, 1200, 900);
    const upc = newUpc();
    const original = await uploadedFor({ UPC: upc }, jpeg);
    const answer = await removeBackground(server.url, await staff.tokenFor(ALICE), original.wcAttachmentId);
    expect(answer).toMatchObject({
      status: 200,
      body: { errorCode: ErrorCode.OK, status: 'Success', messageType: MessageType.IMAGE_BACKGROUND_REMOVED, message: ImageMessages.backgroundRemoved('kettle.jpg') },
    });
    const { image } = ImageSavedSchema.parse(okData(answer.body));
    expect(image.fileName).toBe('kettle-no-bg.png');
    const full = Buffer.from(await (await fetch(`${server.url}${image.full ?? ''}`)).arrayBuffer());
    const meta = await sharp(full).metadata();
    expect({ format: meta.format, hasAlpha: meta.hasAlpha, width: meta.width, height: meta.height }).toEqual({ format: 'png', hasAlpha: true, width: 1200, height: 900 });
    const corner = await sharp(full).extract({ left: 0, top: 0, width: 1, height: 1 }).raw().toBuffer();
    expect(corner[3]).toBe(0); // the backdrop is transparent
    expect((await upcImages(upc)).map(({ fileName }) => fileName)).toEqual(['kettle.jpg', 'kettle-no-bg.png']);
  });

  it("refuses an unknown attachment and another user's lot image with 404 'Image {id} not found.'", async () => {
    const lot = await createLot(await staff.connect(ALICE), uniqueName('Private'));
    const theirs = await uploadedFor({ SKU: lot.lotNumber }, await photo());
    const bob = await staff.tokenFor(BOB);
    for (const id of [theirs.wcAttachmentId, 2_000_000_000]) {
      expect(await removeBackground(server.url, bob, id)).toMatchObject({ status: 404, body: { errorCode: ErrorCode.NOT_FOUND, message: ImageMessages.notFound(id ?? 0) } });
    }
  });
});
