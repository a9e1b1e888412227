// Photos taken on a tablet with no connection (issue 14, "Done when"): each is queued with its file on the device, goes
// once to the real /api/upload-file when the connection is back, and the server's image lands in the replica; a
// refused file says 'Error sending file: {name}' and stays listed as not sent; a background removal queued offline
// adds its PNG once; deleting images shows at once and comes back when refused.
import 'fake-indexeddb/auto';
import sharp from 'sharp';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { images } from '../../../server/db';
import { deleteImages, imagesTable, queueBackgroundRemoval, queueImageUpload, type ImageRow } from '../../../src/domains/images';
import { ClientMessages, ImageMessages } from '../../../src/protocol/messages';
import { queueIntent } from '../../../src/sync/intent';
import type { Replicated } from '../../../src/sync/replica/table';
import { outboxSummary } from '../../../src/sync/outbox/summary';
import { newUpc } from '../../support/catalogue';
import { renderScene, SCENES } from '../../support/product-photos';
import { startHttpApi, type HttpApi } from './support/http-api';
import { startClientServer, type ClientServer } from './support/server';
import { startHarness, type Harness } from './support/sync-harness';

let server: ClientServer;
let api: HttpApi;
beforeAll(async () => {
  server = await startClientServer();
  api = await startHttpApi(server.services);
}, 60_000);
afterAll(async () => {
  await api?.stop();
  await server?.stop();
});

const jpegFile = async (name: string) =>
  new File([await sharp({ create: { width: 640, height: 480, channels: 3, background: '#2266aa' } }).jpeg().toBuffer()], name, { type: 'image/jpeg' });

/** A product on a plain backdrop, as the background remover expects one. */
async function productPhoto(name: string): Promise<File> {
  const [scene] = SCENES;
  if (scene === undefined) throw new Error('no product scene');
  return new File([new Uint8Array((await renderScene(scene, 800, 600)).image)], name, { type: 'image/jpeg' });
}

const settled = (h: Harness) => vi.waitFor(async () => expect((await outboxSummary(h.db, h.user)).queued).toBe(0), { timeout: 10_000, interval: 10 });
const replicaImages = (h: Harness, upc: string): Promise<Array<Replicated<ImageRow>>> => h.db.rows(imagesTable).where('owner').equals(`upc:${upc}`).sortBy('id');
const serverImages = (upc: string) => server.services.db.select().from(images).where(eq(images.upc, upc));

describe('photos taken offline', () => {
  it('wait on the device with their files, then arrive once each, and the replica holds the server\'s images', async () => {
    const h = await startHarness(server, { fetch: api.fetch });
    const upc = newUpc();
    await queueImageUpload(await jpegFile('front.jpg'), { upc });
    await queueImageUpload(await jpegFile('back.jpg'), { upc });
    const waiting = await h.db.outbox.toArray();
    expect(waiting.map((entry) => [entry.kind, entry.state, entry.kind === 'upload' ? entry.fileName : ''])).toEqual([['upload', 'pending', 'front.jpg'], ['upload', 'pending', 'back.jpg']]);
    expect(await h.db.outboxFiles.count()).toBe(2);

    h.connection.open();
    await settled(h);
    const stored = await serverImages(upc);
    expect(stored.map(({ fileName }) => fileName)).toEqual(['front.jpg', 'back.jpg']);
    expect((await replicaImages(h, upc)).map(({ fileName, thumbnail }) => [fileName, thumbnail?.startsWith('/images/')])).toEqual([['front.jpg', true], ['back.jpg', true]]);
    expect(await h.db.outboxFiles.count()).toBe(0);
  });

  it("a file the server refuses says 'Error sending file: notes.jpg' and stays listed as not sent, with the reason", async () => {
    const h = await startHarness(server, { fetch: api.fetch });
    const upc = newUpc();
    await queueImageUpload(new File(['shopping list'], 'notes.jpg', { type: 'image/jpeg' }), { upc });
    h.connection.open();
    await settled(h);
    expect(h.notifier.error).toHaveBeenCalledWith(ClientMessages.sendFileFailed('notes.jpg'));
    const [dead] = await h.db.outbox.toArray();
    expect([dead?.state, dead?.lastError]).toEqual(['dead', ImageMessages.notImage('notes.jpg')]);
    expect(await serverImages(upc)).toEqual([]);
  });

  it('a lot made on this device has no lot number yet: its photos are refused before they are queued', async () => {
    await startHarness(server, { fetch: api.fetch });
    await expect(queueImageUpload(await jpegFile('a.jpg'), { lotNumber: '' })).rejects.toThrow(ClientMessages.lotNotSentYet);
  });
});

describe('a background removal queued offline', () => {
  it('goes once when the connection is back and adds the PNG beside the photo', async () => {
    const h = await startHarness(server, { fetch: api.fetch });
    const upc = newUpc();
    await queueImageUpload(await productPhoto('kettle.jpg'), { upc });
    h.connection.open();
    await settled(h);
    const [photo] = await replicaImages(h, upc);
    if (photo === undefined) throw new Error('the photo did not arrive');
    h.connection.close();
    await queueBackgroundRemoval(photo);
    h.connection.open();
    await settled(h);
    const entries = await h.db.outbox.toArray();
    expect(entries.map(({ state, lastError }) => [state, lastError])).toEqual([]);
    expect((await replicaImages(h, upc)).map(({ fileName }) => fileName)).toEqual(['kettle.jpg', 'kettle-no-bg.png']);
    expect(await serverImages(upc)).toHaveLength(2);
  });
});

describe('deleting images', () => {
  it('hides them at once and brings them back when the server refuses', async () => {
    const h = await startHarness(server, { fetch: api.fetch });
    const upc = newUpc();
    await queueImageUpload(await jpegFile('one.jpg'), { upc });
    h.connection.open();
    await settled(h);
    const [row] = await replicaImages(h, upc);
    if (row === undefined) throw new Error('the photo did not arrive');
    h.connection.close();
    // deleteImages is for a lot's images: the server refuses a UPC's as not found.
    await queueIntent(deleteImages, [row]);
    expect((await replicaImages(h, upc)).map(({ removed }) => removed)).toEqual([1]);
    h.connection.open();
    await settled(h);
    expect((await replicaImages(h, upc)).map(({ id, removed }) => [id, removed])).toEqual([[row.id, undefined]]);
    expect(h.notifier.error).toHaveBeenCalledWith(`Error: ${ImageMessages.notFound(row.id)}`);
  });
});
