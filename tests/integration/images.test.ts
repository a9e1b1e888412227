// The image destinations of spec §7 on the real server (issue 14): a lot's and a UPC's images, Load Images (the lot
// takes its UPCs' catalogue pictures, once; a picture and its background-removed "-no-bg" twin as one image, issue 31),
// deleting lot images (owner only, pushed to the owner's other session),
// deleting UPC images by id and by UPC, and the files going with the last row that names them.
import { describe, expect, it } from 'vitest';
import { ErrorCode } from '../../src/protocol/error-codes';
import { LotImagesSchema, UpcImagesSchema, type Image } from '../../src/protocol/images';
import { MessageType } from '../../src/protocol/message-types';
import { ImageMessages } from '../../src/protocol/messages';
import { newUpc } from '../support/catalogue';
import { packedBox, upcOf } from '../support/boxes';
import { photo, removeBackground, upload } from '../support/images';
import { notYours, okData, pushesTo, send } from '../support/lot-replies';
import { ALICE, BOB, createLot, MISSING_ID, staffSuite } from '../support/staff';
import type { TestClient } from '../support/stomp-client';

const suite = staffSuite();

async function uploaded(upc: string, fileName = 'photo.jpg'): Promise<Image> {
  const answer = await upload(suite.server.url, await suite.staff.tokenFor(ALICE), { file: await photo(), fileName, UPC: upc });
  return UpcImagesSchema.shape.images.element.parse((okData(answer.body) as { image: unknown }).image);
}

/** The catalogue picture without its background, as Remove Background(s) makes it: its "-no-bg" twin beside it. */
async function backgroundRemoved(image: Image): Promise<Image> {
  const answer = await removeBackground(suite.server.url, await suite.staff.tokenFor(ALICE), image.wcAttachmentId);
  return UpcImagesSchema.shape.images.element.parse((okData(answer.body) as { image: unknown }).image);
}

// Asked with a client-msg-id, so the answer is told apart from the pushes an upload sends to the uploader's sessions.
const lotImages = async (client: TestClient, lotId: number) => LotImagesSchema.parse(okData(await send(client, 'getImagesForLotById', lotId)));
const upcImages = async (client: TestClient, upc: string) => UpcImagesSchema.parse(okData(await send(client, 'getImagesForUPC', upc))).images;
const status = async (path: string | null) => (await fetch(`${suite.server.url}${path ?? '/none'}`)).status;
const swept = () => suite.server.server.services.images.sweeper.sweep();

describe('getImagesForLotById', () => {
  it('answers FOUND_IMAGES_FOR_LOT with the images and the lot', async () => {
    const client = await suite.staff.connect(ALICE);
    const lot = await createLot(client, 'Photographed lot');
    expect(await send(client, 'getImagesForLotById', lot.id)).toEqual({
      errorCode: ErrorCode.OK, messageType: MessageType.FOUND_IMAGES_FOR_LOT, message: ImageMessages.found(0), data: { images: [], lot },
    });
  });

  it("refuses another user's lot and a missing one alike", async () => {
    const lot = await createLot(await suite.staff.connect(ALICE), 'Private photos');
    const bob = await suite.staff.connect(BOB);
    expect(await send(bob, 'getImagesForLotById', lot.id)).toEqual(notYours);
    expect(await send(bob, 'getImagesForLotById', MISSING_ID)).toEqual(notYours);
  });
});

describe('loadImagesForManifest (Load Images)', () => {
  it("attaches the catalogue images of the lot's UPCs once, however often it is pressed", async () => {
    const client = await suite.staff.connect(ALICE);
    const { lot, kettle, lamp } = await packedBox(client, 'Kettles and lamps');
    await uploaded(upcOf(kettle), 'kettle.jpg');
    await uploaded(upcOf(kettle), 'kettle-side.jpg');
    await uploaded(upcOf(lamp), 'lamp.jpg');
    const first = await send(client, 'loadImagesForManifest', lot.id);
    expect(first).toMatchObject({ errorCode: ErrorCode.OK, messageType: MessageType.IMAGE_ADDED_MANIFEST, message: ImageMessages.attached(3) });
    expect(LotImagesSchema.parse(okData(first)).images.map(({ fileName }) => fileName)).toEqual(['kettle.jpg', 'kettle-side.jpg', 'lamp.jpg']);
    const again = await send(client, 'loadImagesForManifest', lot.id);
    expect(again).toMatchObject({ message: ImageMessages.attached(0) });
    expect((await lotImages(client, lot.id)).images).toHaveLength(3);
  });

  it('copies a picture and its "-no-bg" twin as ONE image: the background-removed version, in the picture\'s place (issue 31)', async () => {
    const client = await suite.staff.connect(ALICE);
    const { lot, kettle, lamp } = await packedBox(client, 'Twins');
    const source = await uploaded(upcOf(kettle), 'kettle.jpg');
    await uploaded(upcOf(lamp), 'lamp.jpg');
    const twin = await backgroundRemoved(source);
    expect(twin.fileName).toBe('kettle-no-bg.png');
    expect((await upcImages(client, upcOf(kettle))).map(({ fileName }) => fileName)).toEqual(['kettle.jpg', 'kettle-no-bg.png']);

    const first = await send(client, 'loadImagesForManifest', lot.id);
    expect(first).toMatchObject({ errorCode: ErrorCode.OK, message: ImageMessages.attached(2) });
    const images = LotImagesSchema.parse(okData(first)).images;
    expect(images.map(({ fileName }) => fileName)).toEqual(['kettle-no-bg.png', 'lamp.jpg']);
    expect(images[0]?.full).toBe(twin.full);
    expect(await send(client, 'loadImagesForManifest', lot.id)).toMatchObject({ message: ImageMessages.attached(0) });
  });

  it('adds no twin of a picture the lot already has, nor a picture whose twin it has', async () => {
    const client = await suite.staff.connect(ALICE);
    const { lot, kettle } = await packedBox(client, 'Loaded before the removal');
    const source = await uploaded(upcOf(kettle), 'kettle.jpg');
    expect(await send(client, 'loadImagesForManifest', lot.id)).toMatchObject({ message: ImageMessages.attached(1) });
    await backgroundRemoved(source);
    expect(await send(client, 'loadImagesForManifest', lot.id)).toMatchObject({ message: ImageMessages.attached(0) });
    expect((await lotImages(client, lot.id)).images.map(({ fileName }) => fileName)).toEqual(['kettle.jpg']);
  });

  it('takes a "-no-bg" picture of another UPC, or with no source beside it, as a picture of its own', async () => {
    const client = await suite.staff.connect(ALICE);
    const { lot, kettle, lamp } = await packedBox(client, 'Not twins');
    await uploaded(upcOf(kettle), 'shade.jpg');
    await uploaded(upcOf(lamp), 'shade-no-bg.png');
    await uploaded(upcOf(lamp), 'lamp-no-bg.png');
    const images = LotImagesSchema.parse(okData(await send(client, 'loadImagesForManifest', lot.id))).images;
    expect(images.map(({ fileName }) => fileName)).toEqual(['shade.jpg', 'shade-no-bg.png', 'lamp-no-bg.png']);
  });

  it("deleting the lot's copy keeps the UPC's picture and its files", async () => {
    const client = await suite.staff.connect(ALICE);
    const { lot, kettle } = await packedBox(client, 'Copy and keep');
    const original = await uploaded(upcOf(kettle));
    const [copy] = LotImagesSchema.parse(okData(await send(client, 'loadImagesForManifest', lot.id))).images;
    expect(copy?.full).toBe(original.full);
    expect(await send(client, 'deleteImages', [{ id: copy?.id }])).toMatchObject({ messageType: MessageType.DELETED_IMAGES, data: [copy?.id] });
    await swept();
    expect(await upcImages(client, upcOf(kettle))).toEqual([original]);
    expect(await status(original.full)).toBe(200);
  });
});

describe('deleteImages', () => {
  it("deletes a lot's images, tells the owner's other session, and their files go", async () => {
    const [tablet, desk] = [await suite.staff.connect(ALICE), await suite.staff.connect(ALICE)];
    const lot = await createLot(tablet, 'Delete my photos');
    const answer = await upload(suite.server.url, await suite.staff.tokenFor(ALICE), { file: await photo(), SKU: lot.lotNumber });
    const { image } = okData(answer.body) as { image: Image };
    await pushesTo(desk);
    const deleted = { errorCode: ErrorCode.OK, messageType: MessageType.DELETED_IMAGES, message: ImageMessages.deleted(1), data: [image.id] };
    expect(await send(tablet, 'deleteImages', [{ id: image.id }])).toEqual(deleted);
    expect(await pushesTo(desk)).toEqual([deleted]);
    expect((await lotImages(tablet, lot.id)).images).toEqual([]);
    expect(await swept()).toBeGreaterThanOrEqual(1);
    expect(await status(image.full)).toBe(404);
  });

  it("refuses another user's lot image as a missing one, deleting nothing", async () => {
    const alice = await suite.staff.connect(ALICE);
    const lot = await createLot(alice, 'Not Bob\'s to delete');
    const { image } = okData((await upload(suite.server.url, await suite.staff.tokenFor(ALICE), { file: await photo(), SKU: lot.lotNumber })).body) as { image: Image };
    const bob = await suite.staff.connect(BOB);
    expect(await send(bob, 'deleteImages', [{ id: image.id }])).toMatchObject({ errorCode: ErrorCode.NOT_FOUND, message: ImageMessages.notFound(image.id) });
    expect((await lotImages(alice, lot.id)).images).toEqual([image]);
  });

  it('a deleted lot takes its images and their files with it', async () => {
    const client = await suite.staff.connect(ALICE);
    const lot = await createLot(client, 'Gone with its photos');
    const { image } = okData((await upload(suite.server.url, await suite.staff.tokenFor(ALICE), { file: await photo(), SKU: lot.lotNumber })).body) as { image: Image };
    await send(client, 'deleteLots', [{ id: lot.id }]);
    await swept();
    expect(await status(image.thumbnail)).toBe(404);
  });
});

describe('UPC images (Image entry, the UPC image manager)', () => {
  it('deleteUPCImages deletes by id; deleteImageByUrl deletes every image of the listed UPCs', async () => {
    const client = await suite.staff.connect(BOB);
    const [one, two] = [newUpc(), newUpc()];
    const a = await uploaded(one);
    const b = await uploaded(one);
    const c = await uploaded(two);
    expect(await send(client, 'deleteUPCImages', [a.id])).toMatchObject({ messageType: MessageType.DELETED_IMAGES, data: [a.id] });
    expect(await upcImages(client, one)).toEqual([b]);
    expect(await send(client, 'deleteImageByUrl', [one, two])).toMatchObject({ messageType: MessageType.DELETED_IMAGES, data: [b.id, c.id] });
    expect([...(await upcImages(client, one)), ...(await upcImages(client, two))]).toEqual([]);
  });

  it('deleteUPCImages refuses an id that is no UPC image with NOT_FOUND', async () => {
    const client = await suite.staff.connect(BOB);
    expect(await send(client, 'deleteUPCImages', [MISSING_ID])).toMatchObject({ errorCode: ErrorCode.NOT_FOUND, message: ImageMessages.notFound(MISSING_ID) });
  });
});
