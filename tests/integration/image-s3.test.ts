// Images in S3 (IMAGE_STORAGE=s3, issue 18) on the real server, against the S3 API emulator: an upload's original and
// variants land in the bucket under S3_PREFIX and nothing on the disk, GET /images/… serves them from there, a
// background removal reads the full variant back, the sweeper deletes a deleted image's objects, and an S3 that is slow
// or down answers the upload in words (503, which the outbox retries) within the time limit, never a hang or a stack.
import { existsSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCode } from '../../src/protocol/error-codes';
import { ImageSavedSchema, LotImagesSchema, UpcImagesSchema, type Image } from '../../src/protocol/images';
import { MessageType } from '../../src/protocol/message-types';
import { ImageMessages, ServerMessages } from '../../src/protocol/messages';
import { newUpc } from '../support/catalogue';
import { photo, removeBackground, upload } from '../support/images';
import { okData, pushesTo, send } from '../support/lot-replies';
import { startS3Emulator, type S3Emulator } from '../support/s3-emulator';
import { ALICE, createLot, staffOf, uniqueName, type Staff } from '../support/staff';
import { startTestServer, type TestServer } from '../support/test-server';

const PREFIX = 'shop-1/';
let s3: S3Emulator;
let server: TestServer;
let staff: Staff;

beforeAll(async () => {
  s3 = await startS3Emulator();
  // A short time limit, so the slow-S3 test is quick: 3 attempts of 1 s.
  server = await startTestServer({ ...s3.env, S3_PREFIX: PREFIX, S3_TIMEOUT: '1s' });
  staff = staffOf(server);
});
afterAll(async () => {
  await staff?.closeAll();
  await server?.stop();
  await s3?.stop();
});

const savedOf = (body: unknown) => ImageSavedSchema.parse(okData(body));
const VARIANTS = ['thumbnail', 'smallImage', 'medium', 'large', 'full'] as const;
/** The objects of one upload: its public paths name them, under the prefix. */
const objectsOf = (image: Image) => s3.keys().filter((key) => key.startsWith(`${PREFIX}${(image.full ?? '').split('/').slice(2, 4).join('/')}/`));
const get = (path: string | null, method = 'GET') => fetch(`${server.url}${path ?? '/none'}`, { method });
const storageUnavailable = { status: 503, body: { errorCode: ErrorCode.SERVICE_UNAVAILABLE, messageType: MessageType.ERROR, message: ImageMessages.storageUnavailable, data: null } };

describe('IMAGE_STORAGE=s3', () => {
  it("stores an upload's original and five variants in the bucket under the prefix, with their types, and nothing on disk", async () => {
    const answer = await upload(server.url, await staff.tokenFor(ALICE), { file: await photo(1600, 1200), fileName: 'kettle.jpg', UPC: newUpc() });
    expect(answer.status).toBe(200);
    const { image } = savedOf(answer.body);
    const objects = objectsOf(image);
    expect(objects.map((key) => key.slice(key.lastIndexOf('/') + 1)).sort()).toEqual(['full.jpg', 'large.jpg', 'medium.jpg', 'original.jpg', 'smallImage.jpg', 'thumbnail.jpg']);
    for (const key of objects) expect(s3.object(key)?.contentType, key).toBe('image/jpeg');
    expect(existsSync(server.server.services.config.images.folder)).toBe(false);
  });

  it('serves each variant from the bucket with its length and a year of caching; HEAD too; never the original', async () => {
    const { image } = savedOf((await upload(server.url, await staff.tokenFor(ALICE), { file: await photo(), UPC: newUpc() })).body);
    for (const variant of VARIANTS) {
      const path = image[variant] ?? '';
      const response = await get(path);
      const bytes = Buffer.from(await response.arrayBuffer());
      expect(response.status, variant).toBe(200);
      expect(bytes.equals(s3.object(`${PREFIX}${path.slice('/images/'.length)}`)?.body ?? Buffer.alloc(0)), variant).toBe(true);
      expect(response.headers.get('content-length'), variant).toBe(String(bytes.length));
      expect(response.headers.get('cache-control'), variant).toBe('public, max-age=31536000, immutable');
    }
    const head = await get(image.medium, 'HEAD');
    expect([head.status, head.headers.get('content-type'), (await head.arrayBuffer()).byteLength]).toEqual([200, 'image/jpeg', 0]);
    expect((await get((image.full ?? '').replace('full.jpg', 'original.jpg'))).status).toBe(404);
    expect((await get((image.full ?? '').replace(/\/[^/]+\/full\.jpg$/, `/${crypto.randomUUID()}/full.jpg`))).status).toBe(404);
  });

  it('removes a background reading the full variant back from the bucket, and stores the cut-out there', async () => {
    const original = savedOf((await upload(server.url, await staff.tokenFor(ALICE), { file: await photo(800, 600), fileName: 'lamp.jpg', UPC: newUpc() })).body).image;
    const answer = await removeBackground(server.url, await staff.tokenFor(ALICE), original.wcAttachmentId);
    expect(answer).toMatchObject({ status: 200, body: { messageType: MessageType.IMAGE_BACKGROUND_REMOVED } });
    const { image } = savedOf(answer.body);
    expect(objectsOf(image).map((key) => key.slice(key.lastIndexOf('/') + 1)).sort()).toEqual(['full.png', 'large.png', 'medium.png', 'original.png', 'smallImage.png', 'thumbnail.png']);
    expect((await get(image.full)).headers.get('content-type')).toBe('image/png');
  });

  it("deletes a deleted image's objects from the bucket (the sweeper), and it is no longer served", async () => {
    const client = await staff.connect(ALICE);
    const lot = await createLot(client, 'Photos in the bucket');
    const { image } = savedOf((await upload(server.url, await staff.tokenFor(ALICE), { file: await photo(), SKU: lot.lotNumber })).body);
    await pushesTo(client);
    expect(objectsOf(image)).toHaveLength(6);
    expect(await send(client, 'deleteImages', [{ id: image.id }])).toMatchObject({ messageType: MessageType.DELETED_IMAGES, data: [image.id] });
    expect(await server.server.services.images.sweeper.sweep()).toBeGreaterThanOrEqual(1);
    expect(objectsOf(image)).toEqual([]);
    expect((await get(image.thumbnail)).status).toBe(404);
    expect(LotImagesSchema.parse(okData(await send(client, 'getImagesForLotById', lot.id))).images).toEqual([]);
  });

  it('answers an upload while S3 does not answer with "try again in a moment" (503) within the time limit; the same upload later succeeds once', async () => {
    const token = await staff.tokenFor(ALICE);
    const request = { file: await photo(), UPC: newUpc(), key: uniqueName('device:s3') };
    const before = s3.keys();
    s3.fail({ kind: 'hang' }, 1000);
    const started = Date.now();
    const refused = await upload(server.url, token, request).finally(() => s3.heal());
    expect(refused).toMatchObject(storageUnavailable);
    expect(Date.now() - started).toBeLessThan(15_000);
    expect(s3.keys()).toEqual(before); // the original that may have landed before the hang is discarded
    const again = await upload(server.url, token, request); // the outbox sends it again with the same key
    expect(again).toMatchObject({ status: 200, replayed: false, body: { messageType: MessageType.IMAGE_UPLOADED } });
    const client = await staff.connect(ALICE);
    expect(UpcImagesSchema.parse(okData(await send(client, 'getImagesForUPC', request.UPC))).images).toHaveLength(1);
  }, 30_000);

  // Last: it stops the emulator.
  it('answers an upload and a background removal while S3 is down with "try again in a moment" (503), and an image request with a JSON error', async () => {
    const token = await staff.tokenFor(ALICE);
    const { image } = savedOf((await upload(server.url, token, { file: await photo(), UPC: newUpc() })).body);
    await s3.stop();
    expect(await upload(server.url, token, { file: await photo(), UPC: newUpc() })).toMatchObject(storageUnavailable);
    expect(await removeBackground(server.url, token, image.wcAttachmentId)).toMatchObject(storageUnavailable);
    const served = await get(image.medium);
    expect(served.status).toBeGreaterThanOrEqual(500);
    expect(await served.json()).toEqual({ errorCode: served.status, message: ServerMessages.internalError });
  });
});
