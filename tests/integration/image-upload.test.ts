// POST /api/upload-file (spec §7, issue 14) on the real server: the original and the variants stored and served with
// a year-long cache, EXIF orientation applied and metadata stripped, the image belonging to a catalogue UPC or to a
// lot the user owns (by SKU), exactly once per Idempotency-Key, and every hostile file refused in words, storing
// nothing.
import { readdirSync } from 'node:fs';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { ErrorCode } from '../../src/protocol/error-codes';
import { ImageSavedSchema, UpcImagesSchema } from '../../src/protocol/images';
import { MessageType } from '../../src/protocol/message-types';
import { ImageMessages, ServerMessages } from '../../src/protocol/messages';
import { PROTOCOL_HEADER, PROTOCOL_VERSION, SERVER_TOO_OLD } from '../../src/protocol/version';
import { newUpc } from '../support/catalogue';
import { photo, upload } from '../support/images';
import { okData, pushesTo } from '../support/lot-replies';
import { ALICE, BOB, createLot, staffSuite, uniqueName } from '../support/staff';

const suite = staffSuite();

const savedOf = (body: unknown) => ImageSavedSchema.parse(okData(body));
const refused = (errorCode: number, message: string) => ({ errorCode, messageType: MessageType.ERROR, message, data: null });

/** The upload folders on disk (one per stored image). */
function storedGroups(): string[] {
  const root = suite.server.server.services.config.images.folder;
  try {
    return readdirSync(root).flatMap((prefix) => readdirSync(`${root}/${prefix}`).map((group) => `${prefix}/${group}`));
  } catch {
    return [];
  }
}

async function fetchImage(path: string | null) {
  const response = await fetch(`${suite.server.url}${path ?? '/missing'}`);
  const bytes = Buffer.from(await response.arrayBuffer());
  return { response, bytes, meta: response.ok ? await sharp(bytes).metadata() : undefined };
}

describe('an uploaded photo', () => {
  it('is stored for its UPC with thumbnail 100, smallImage 300, medium 600, large 1200 and full, each served for a year', async () => {
    const token = await suite.staff.tokenFor(ALICE);
    const upc = newUpc();
    const answer = await upload(suite.server.url, token, { file: await photo(2000, 1500), fileName: 'kettle.jpg', UPC: upc });
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ errorCode: ErrorCode.OK, messageType: MessageType.IMAGE_UPLOADED, message: ImageMessages.uploaded('kettle.jpg') });
    const { image, lotId } = savedOf(answer.body);
    expect({ upc: savedOf(answer.body).upc, lotId, fileName: image.fileName }).toEqual({ upc, lotId: null, fileName: 'kettle.jpg' });
    const sizes = { thumbnail: 100, smallImage: 300, medium: 600, large: 1200, full: 2000 };
    for (const [variant, longest] of Object.entries(sizes)) {
      const { response, meta } = await fetchImage(image[variant as keyof typeof sizes]);
      expect(response.status, variant).toBe(200);
      expect(response.headers.get('cache-control'), variant).toBe('public, max-age=31536000, immutable');
      expect(response.headers.get('content-type'), variant).toBe('image/jpeg');
      expect(Math.max(meta?.width ?? 0, meta?.height ?? 0), variant).toBe(longest);
    }
  });

  it('shows among the UPC\'s images', async () => {
    const client = await suite.staff.connect(ALICE);
    const upc = newUpc();
    const { image } = savedOf((await upload(suite.server.url, await suite.staff.tokenFor(ALICE), { file: await photo(), UPC: upc })).body);
    await pushesTo(client); // the upload is pushed to the uploader's sessions too
    const found = UpcImagesSchema.parse(okData(await client.request('getImagesForUPC', upc, 'incomingMessages')));
    expect(found).toEqual({ upc, images: [image] });
  });

  it('is turned upright by its EXIF orientation and keeps no metadata (no GPS) in any variant', async () => {
    const sideways = await sharp(await photo(800, 600))
      .withMetadata({ orientation: 6 })
      .withExifMerge({ IFD0: { Make: 'Acme Phone' }, IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '51/1 30/1 0/1' } })
      .jpeg()
      .toBuffer();
    expect((await sharp(sideways).metadata()).orientation).toBe(6);
    const { image } = savedOf((await upload(suite.server.url, await suite.staff.tokenFor(ALICE), { file: sideways, UPC: newUpc() })).body);
    for (const path of [image.full, image.large, image.thumbnail]) {
      const { meta } = await fetchImage(path);
      expect(meta?.width).toBeLessThan(meta?.height ?? 0);
      expect(meta?.exif).toBeUndefined();
      expect(meta?.orientation).toBeUndefined();
    }
  });

  it('goes to the lot named by SKU (the lot number)', async () => {
    const lot = await createLot(await suite.staff.connect(ALICE), 'Pallet with photos');
    const answer = await upload(suite.server.url, await suite.staff.tokenFor(ALICE), { file: await photo(), SKU: lot.lotNumber });
    expect(savedOf(answer.body)).toMatchObject({ upc: null, lotId: lot.id });
  });

  it("refuses another user's lot with \"Lot not found or you don't own this lot!\" and stores nothing", async () => {
    const lot = await createLot(await suite.staff.connect(ALICE), 'Not for Bob');
    const before = storedGroups();
    const answer = await upload(suite.server.url, await suite.staff.tokenFor(BOB), { file: await photo(), SKU: lot.lotNumber });
    expect(answer).toMatchObject({ status: 400, body: refused(ErrorCode.BAD_REQUEST, ServerMessages.lotNotFoundOrNotOwned) });
    expect(storedGroups()).toEqual(before);
  });

  it('sent twice with one Idempotency-Key is stored once and answered the same', async () => {
    const token = await suite.staff.tokenFor(ALICE);
    const request = { file: await photo(), UPC: newUpc(), key: uniqueName('device:7') };
    const first = await upload(suite.server.url, token, request);
    const groups = storedGroups();
    const again = await upload(suite.server.url, token, request);
    expect(again).toEqual({ ...first, replayed: true });
    expect(storedGroups()).toEqual(groups);
    const client = await suite.staff.connect(ALICE);
    await pushesTo(client);
    expect(UpcImagesSchema.parse(okData(await client.request('getImagesForUPC', request.UPC, 'incomingMessages'))).images).toHaveLength(1);
  });

  it("sent as a version the server does not read is refused UPGRADE_REQUIRED, storing nothing, and goes once the versions agree (issue 32)", async () => {
    const token = await suite.staff.tokenFor(ALICE);
    const request = { file: await photo(), UPC: newUpc(), key: uniqueName('device:8') };
    const groups = storedGroups();
    const newer = await upload(suite.server.url, token, { ...request, protocol: String(PROTOCOL_VERSION + 1) });
    expect(newer).toMatchObject({ status: ErrorCode.UPGRADE_REQUIRED, body: { errorCode: ErrorCode.UPGRADE_REQUIRED, message: SERVER_TOO_OLD } });
    const malformed = await upload(suite.server.url, token, { ...request, protocol: 'two' });
    expect(malformed).toMatchObject({ status: 400, body: { message: ServerMessages.badProtocolHeader(PROTOCOL_HEADER) } });
    expect(storedGroups()).toEqual(groups);
    const current = await upload(suite.server.url, token, { ...request, protocol: String(PROTOCOL_VERSION) });
    expect(current).toMatchObject({ status: 200, replayed: false, body: { message: ImageMessages.uploaded('photo.jpg') } });
  });
});

describe('an upload that cannot be stored', () => {
  it.each([
    { name: 'no file', form: { UPC: '012345678905' }, message: ImageMessages.noFile },
    { name: 'neither UPC nor SKU', form: {}, message: ImageMessages.noOwner },
  ])('$name: 400 "$message"', async ({ form, message }) => {
    const data = new FormData();
    for (const [field, value] of Object.entries(form)) data.append(field, value);
    if (message !== ImageMessages.noFile) data.append('file', new Blob([await photo()]), 'a.jpg');
    const response = await fetch(`${suite.server.url}/api/upload-file`, {
      method: 'POST',
      body: data,
      headers: { Authorization: `Bearer ${await suite.staff.tokenFor(ALICE)}`, 'Idempotency-Key': uniqueName('k') },
    });
    expect({ status: response.status, body: await response.json() }).toEqual({ status: 400, body: refused(ErrorCode.BAD_REQUEST, message) });
  });

  it('without a token: 401, nothing read', async () => {
    const response = await fetch(`${suite.server.url}/api/upload-file`, { method: 'POST', body: new FormData(), headers: { 'Idempotency-Key': 'k' } });
    expect(response.status).toBe(401);
  });
});
