// What a person does on the tablet, as steps the stories share in every engine: sign in, create a lot, open it, add
// a box, scan. Each waits for what the person would see before going on.
import { PROCESS_ADMIN_PASSWORD } from '../e2e/support/server-process';
import type { StoryPage } from './page';

export const unique = (): string => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

/** The text of the Lots row holding `title`, once it holds `expected` too. */
export function lotRowWith({ title, expected }: { title: string; expected: string }): string | null {
  const row = [...document.querySelectorAll('[data-testid="lot-row"]')].find((each) => each.textContent?.includes(title));
  return row?.textContent?.includes(expected) ? row.textContent : null;
}

export const rowOf = (page: StoryPage, title: string, expected = '', timeout?: number): Promise<string> =>
  page.waitFor(`the row of '${title}'${expected === '' ? '' : ` with '${expected}'`}`, lotRowWith as (arg: never) => string | null, { title, expected }, timeout);

/** The lot number a row or message shows ('LOT-000012'). */
export const lotNumberIn = (text: string): string => /LOT-\d+/.exec(text)?.[0] ?? '';

/** A screen from the main navigation: inline from 640 px, behind Menu on a phone. */
export async function openScreen(page: StoryPage, entry: string): Promise<void> {
  // Both come with the app's navigation chunk, a moment after the page: whichever this size shows.
  await page.waitFor('the navigation', (name: string) => [...document.querySelectorAll('button, a')].some((each) => [name, 'Menu'].includes(each.getAttribute('aria-label') ?? each.textContent?.trim() ?? '') && each.getClientRects().length > 0), entry);
  // The Menu button is there (disabled) before the drawer's code is: tap waits until it can open it.
  if (!(await page.has({ button: entry }))) await page.tap({ button: 'Menu' });
  await page.tap({ button: entry });
}

export async function signIn(page: StoryPage): Promise<void> {
  await page.open('/login');
  await signInHere(page);
}

/** Signs in on the Login screen the page shows now (a story that prepared the page first). */
export async function signInHere(page: StoryPage): Promise<void> {
  await page.sees('Login');
  await page.seesNo('Connecting...');
  await page.fill({ field: 'Username' }, 'admin');
  await page.fill({ field: 'Password' }, PROCESS_ADMIN_PASSWORD);
  await page.press({ field: 'Password' }, 'Enter'); // a keyboard's Enter submits
  await page.waitFor('the home page', () => (location.pathname === '/home' ? true : null));
  await page.sees('Ready.');
}

/** The Lots screen, connected; signed in first when the device is not (a story alone, or the first). */
export async function home(page: StoryPage): Promise<void> {
  await page.open('/home');
  const where = await page.waitFor('the home page or the Login screen', () => (['/home', '/login'].includes(location.pathname) && document.body.innerText.includes(location.pathname === '/home' ? 'Lots' : 'Login') ? location.pathname : null));
  if (where === '/login') await signIn(page);
  await page.sees('Ready.');
}

/** Create Lot on the Lots screen; the row shows at once, online or not. */
export async function createLot(page: StoryPage, title: string): Promise<void> {
  await page.tap({ button: 'Create Lot' });
  await page.fill({ field: 'Title', in: 'Create Lot' }, title);
  await page.tap({ button: 'Proceed', in: 'Create Lot' });
  await rowOf(page, title);
}

/** Create Lot, wait for the server's number, open the lot's edit page and add box 'A'; returns the lot number. */
export async function lotWithBox(page: StoryPage, title: string): Promise<string> {
  await createLot(page, title);
  const lotNumber = lotNumberIn(await rowOf(page, title, 'LOT-'));
  await page.tap({ button: `Edit ${lotNumber}` });
  await page.sees(`${lotNumber}`);
  await page.tap({ button: 'Add Box' });
  await page.fill({ field: 'Box label', in: 'Add Box' }, 'A');
  await page.tap({ button: 'Proceed', in: 'Add Box' });
  await page.find({ button: 'box A' });
  return lotNumber;
}

/** A barcode scanner: types the code into the box's UPC field, which holds the focus, and presses Enter. */
export async function scan(page: StoryPage, upc: string): Promise<void> {
  await page.waitFor('the UPC field to hold the focus', () => document.activeElement?.getAttribute('aria-label') === 'UPC' || (document.activeElement as HTMLInputElement | null)?.labels?.[0]?.textContent?.trim() === 'UPC');
  await page.fill({ field: 'UPC' }, upc);
  await page.press({ field: 'UPC' }, 'Enter');
  await page.waitFor('the UPC field to empty', () => (document.activeElement as HTMLInputElement | null)?.value === '');
}

/** Inventory: a new count event named `label`, made from the Create Event dialog. */
export async function createCountEvent(page: StoryPage, label: string): Promise<void> {
  await page.tap({ button: 'Create Event' });
  await page.fill({ field: 'Label', in: 'Create Inventory Event' }, label);
  await page.tap({ button: 'Create Event', in: 'Create Inventory Event' });
  await page.seesNo('Create Inventory Event');
}

/** Inventory: a scanner types the lot's code into the lot field, which holds the focus, and presses Enter. */
export async function scanLot(page: StoryPage, code: string): Promise<void> {
  await page.waitFor('the lot field to hold the focus', () => (document.activeElement as HTMLInputElement | null)?.labels?.[0]?.textContent?.trim() === 'Lot number');
  await page.fill({ field: 'Lot number' }, code);
  await page.press({ field: 'Lot number' }, 'Enter');
}

/** The service worker is active: a reload from now on is served by it, server or not. */
export async function serviceWorkerReady(): Promise<boolean> {
  return (await navigator.serviceWorker.getRegistration())?.active?.state === 'activated';
}

/** In the page: the camera, from now on, films this picture (a data: URL), as a card held in front of it. */
function filmPicture(picture: string): boolean {
  const canvas = document.createElement('canvas');
  canvas.width = 640;
  canvas.height = 480;
  const image = new Image();
  // A canvas stream carries a frame when the canvas is painted: painted again and again, as a camera keeps filming.
  const paint = () => image.complete && canvas.getContext('2d')?.drawImage(image, 0, 0);
  image.src = picture;
  setInterval(paint, 100);
  const streams: MediaStream[] = [];
  Object.assign(window, { storyCameraStreams: streams });
  navigator.mediaDevices.getUserMedia = () => {
    streams.push(canvas.captureStream(10));
    return Promise.resolve(streams[streams.length - 1] as MediaStream);
  };
  return true;
}

/** In the page: every stream the held-up camera gave has stopped (a phone's camera light must not stay on). */
export function cameraOff(): boolean {
  const streams = (window as unknown as { storyCameraStreams?: MediaStream[] }).storyCameraStreams ?? [];
  return streams.length > 0 && streams.every((stream) => stream.getTracks().every((track) => track.readyState === 'ended'));
}

/**
 * A barcode held to the camera, for an engine without a fake camera that films a file (only Chromium has one): the
 * page's camera becomes a stream of this PNG, and the scanner reads it through its own video element and reader.
 */
export async function holdToCamera(page: StoryPage, png: Buffer): Promise<void> {
  await page.run(filmPicture as (arg: never) => boolean, `data:image/png;base64,${png.toString('base64')}`);
}
