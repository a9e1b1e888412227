// Images seen once show offline (issue 14): the service worker keeps image variants cache first, the small ones a list
// shows in one cache and the large and full ones in a smaller one, and finds a file again whatever cache-busting query
// (spec §9: ?v={time}) the link carries.
import sharp from 'sharp';
import { expect, test, type Page } from '@playwright/test';
import { ImageSavedSchema } from '../../src/protocol/images';
import { signInHome } from './support/login';
import { unique } from './support/lots';
import { untilServiceWorkerControls } from './support/service-worker';

// The service worker is what this file tests (or what serves the app offline here): allowed, as on a device.
test.use({ serviceWorkers: 'allow' });

async function signInControlled(page: Page): Promise<string> {
  await signInHome(page);
  await untilServiceWorkerControls(page);
  const token = await page.evaluate(() => localStorage.getItem('token'));
  if (token === null) throw new Error('no token after signing in');
  return token;
}

/** From the page, through its service worker: the status and the bytes' length, or the error when nothing answers. */
const fetchFromPage = (page: Page, path: string) =>
  page.evaluate(async (url) => {
    try {
      const response = await fetch(url);
      return { status: response.status, bytes: (await response.arrayBuffer()).byteLength };
    } catch (error) {
      return { error: String(error) };
    }
  }, path);

test('an image seen once loads again offline, with or without a cache-busting query; large and full go to their own cache', async ({ page, context, request }) => {
  const token = await signInControlled(page);
  const jpeg = await sharp({ create: { width: 1600, height: 1200, channels: 3, background: '#884422' } }).jpeg().toBuffer();
  const upc = `9${Date.now()}`.slice(0, 12);
  const answer = await request.post('/api/upload-file', {
    headers: { Authorization: `Bearer ${token}`, 'Idempotency-Key': `e2e:${unique()}` },
    multipart: { file: { name: 'crate.jpg', mimeType: 'image/jpeg', buffer: jpeg }, UPC: upc },
  });
  expect(answer.status()).toBe(200);
  const { image } = ImageSavedSchema.parse((await answer.json() as { data: unknown }).data);
  const paths = [image.thumbnail, image.medium, image.full].map((path) => path ?? '');

  for (const path of paths) expect(await fetchFromPage(page, path)).toMatchObject({ status: 200 });
  // The service worker stores a response after answering with it: wait for both caches to hold theirs.
  const cachedPaths = () =>
    page.evaluate(async () => {
      const names = (await caches.keys()).filter((name) => name.startsWith('lotdesk-images'));
      const listed = await Promise.all(names.map(async (name) => [name, (await (await caches.open(name)).keys()).map((r) => new URL(r.url).pathname)] as const));
      return Object.fromEntries(listed);
    });
  await expect.poll(cachedPaths).toEqual({
    'lotdesk-images': expect.arrayContaining([image.thumbnail, image.medium]),
    'lotdesk-images-large': expect.arrayContaining([image.full]),
  });

  await context.setOffline(true);
  for (const path of paths) expect(await fetchFromPage(page, path)).toMatchObject({ status: 200 });
  expect(await fetchFromPage(page, `${image.thumbnail ?? ''}?v=${Date.now()}`)).toMatchObject({ status: 200 });
  expect(await fetchFromPage(page, `${image.large ?? ''}`)).toHaveProperty('error'); // never seen: not there offline
  await context.setOffline(false);
});
