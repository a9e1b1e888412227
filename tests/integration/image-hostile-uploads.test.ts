// Hostile files sent to POST /api/upload-file (issue 14): each is answered 400 (413 when too large) with a message
// naming the file, never a 500, and stores nothing (no file left on disk, no row); the server goes on serving.
import { readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ErrorCode } from '../../src/protocol/error-codes';
import { MessageType } from '../../src/protocol/message-types';
import { ImageMessages } from '../../src/protocol/messages';
import { UPLOAD_MAX_BYTES } from '../../server/http/multipart';
import { newUpc } from '../support/catalogue';
import { gifBomb, jpegWithHugeHeader, pngBomb, texturedImage } from '../support/image-files';
import { photo, upload } from '../support/images';
import { ALICE, staffSuite } from '../support/staff';

const suite = staffSuite();

function storedFiles(): number {
  const root = suite.server.server.services.config.images.folder;
  try {
    return readdirSync(root, { recursive: true }).length;
  } catch {
    return 0;
  }
}

const halved = (file: Buffer): Buffer => file.subarray(0, Math.floor(file.length / 2));

const SVG = '<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><script>alert(2)</script></svg>';

const HOSTILE: ReadonlyArray<{ name: string; fileName: string; file: () => Promise<Buffer | string>; message: (name: string) => string; status?: number }> = [
  { name: 'zero bytes', fileName: 'empty.jpg', file: async () => Buffer.alloc(0), message: ImageMessages.empty },
  { name: 'text named like a photo', fileName: 'photo.jpg', file: async () => 'just some text, not a picture', message: ImageMessages.notImage },
  { name: 'an HTML page', fileName: 'page.png', file: async () => '<!doctype html><script>alert(1)</script>', message: ImageMessages.notImage },
  { name: 'a PDF', fileName: 'scan.jpg', file: async () => '%PDF-1.7\n1 0 obj <<>> endobj', message: ImageMessages.notImage },
  { name: 'an SVG with scripts', fileName: 'logo.svg', file: async () => SVG, message: ImageMessages.svg },
  { name: 'a JPEG cut in half', fileName: 'half.jpg', file: async () => halved(await texturedImage(1600, 1200)), message: ImageMessages.unreadable },
  { name: 'a PNG cut short', fileName: 'cut.png', file: async () => (await photo(800, 600, 'png')).subarray(0, 3000), message: ImageMessages.unreadable },
  { name: 'a PNG decompression bomb (60000 × 60000)', fileName: 'bomb.png', file: async () => pngBomb(), message: (name) => ImageMessages.tooManyPixels(name, 50) },
  { name: 'a JPEG whose header claims 60000 × 60000', fileName: 'huge.jpg', file: () => jpegWithHugeHeader(), message: (name) => ImageMessages.tooManyPixels(name, 50) },
  { name: 'a GIF bomb', fileName: 'bomb.gif', file: async () => gifBomb(), message: (name) => ImageMessages.tooManyPixels(name, 50) },
];

describe('a hostile file', () => {
  it.each(HOSTILE)('$name: 400 with its message, nothing stored', async ({ fileName, file, message }) => {
    const before = storedFiles();
    const answer = await upload(suite.server.url, await suite.staff.tokenFor(ALICE), { file: await file(), fileName, UPC: newUpc() });
    expect(answer).toMatchObject({ status: 400, body: { errorCode: ErrorCode.BAD_REQUEST, messageType: MessageType.ERROR, message: message(fileName) } });
    expect(storedFiles()).toBe(before);
  });

  it(`over ${UPLOAD_MAX_BYTES / 1024 / 1024} MB: 413 naming the file, nothing stored`, async () => {
    const before = storedFiles();
    const answer = await upload(suite.server.url, await suite.staff.tokenFor(ALICE), { file: Buffer.alloc(UPLOAD_MAX_BYTES + 1, 1), fileName: 'huge.jpg', UPC: newUpc() });
    expect(answer).toMatchObject({ status: 413, body: { errorCode: 413, message: ImageMessages.tooLarge('huge.jpg', UPLOAD_MAX_BYTES) } });
    expect(storedFiles()).toBe(before);
  });

  it('leaves the server serving: a good photo is stored after all of them', async () => {
    const answer = await upload(suite.server.url, await suite.staff.tokenFor(ALICE), { file: await photo(), UPC: newUpc() });
    expect(answer.status).toBe(200);
  });
});
