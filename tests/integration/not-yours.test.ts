// "Not yours" and "does not exist" answer alike for boxes and items (DESIGN §5 Ownership; issue 12: they could be
// told apart, so ids could be probed): another user's box or item gets the very refusal a missing id gets — same code,
// same message (naming only the id that was sent), on the same topic — and nothing changes.
import { describe, expect, it } from 'vitest';
import type { Box, BoxItem } from '../../src/protocol/boxes';
import type { DestinationName } from '../../src/protocol/destinations';
import { ErrorCode } from '../../src/protocol/error-codes';
import { MessageType } from '../../src/protocol/message-types';
import { ServerMessages } from '../../src/protocol/messages';
import { editorView, packedBox, upcOf, type PackedBox } from '../support/boxes';
import { pushesTo, send } from '../support/lot-replies';
import { ALICE, BOB, MISSING_ID, staffSuite } from '../support/staff';
import type { TestClient } from '../support/stomp-client';

const suite = staffSuite();

const notFound = (message: string) => ({ errorCode: ErrorCode.NOT_FOUND, messageType: MessageType.ERROR, message, data: null });

/** A box or item that does not exist: the owner's own, with the id of no row. */
const missingBox = (box: Box): Box => ({ ...box, id: MISSING_ID });
const missingItem = (item: BoxItem | undefined): BoxItem | undefined => item && { ...item, id: MISSING_ID };

/** Each box and item destination: a request on the packed box (or its items), and the refusal it gets per id sent. */
const CASES: ReadonlyArray<{ destination: DestinationName; payload: (packed: PackedBox, box: Box, item: BoxItem | undefined) => unknown; refusal: (id: number) => unknown }> = [
  { destination: 'getItemsByBoxId', payload: (_p, box) => box.id, refusal: () => notFound(ServerMessages.boxNotFound) },
  { destination: 'updateBoxInfo', payload: (_p, box) => ({ ...box, label: 'Taken' }), refusal: () => notFound(ServerMessages.boxNotFound) },
  { destination: 'deleteBox', payload: (_p, box) => ({ id: box.id }), refusal: () => notFound(ServerMessages.deleteBoxInvalid) },
  { destination: 'addUPCToBox', payload: (p, box) => ({ upc: upcOf(p.kettle), boxId: box.id }), refusal: () => notFound(ServerMessages.boxNotFound) },
  { destination: 'addMultipleUPCsToBox', payload: (p, box) => ({ boxId: box.id, upcQuantities: [{ upc: upcOf(p.lamp), qnty: 2 }] }), refusal: () => notFound(ServerMessages.boxNotFound) },
  { destination: 'updateItems', payload: (_p, _box, item) => [{ ...item, quantity: 9 }], refusal: (id) => notFound(ServerMessages.itemNotFound(id)) },
  { destination: 'deleteItems', payload: (_p, _box, item) => [{ id: item?.id }], refusal: (id) => notFound(ServerMessages.itemNotFound(id)) },
];

/** The refusal and where it came: incomingMessages (read by `send`), and nothing on the errors topic. */
async function answerOf(client: TestClient, destination: DestinationName, payload: unknown) {
  const answer = await send(client, destination, payload);
  return { answer, errors: client.drain('errors').map((message) => message.body) };
}

describe("another user's box or item, and one that does not exist", () => {
  it.each(CASES.map((row) => [row.destination, row] as const))('/app/%s: the same refusal (code, message, topic) for both, changing nothing', async (destination, { payload, refusal }) => {
    const [owner, other] = [await suite.staff.connect(ALICE), await suite.staff.connect(BOB)];
    const packed = await packedBox(owner, `Probed (${destination})`);
    const [item] = packed.items;
    const before = await editorView(owner, packed.lot);
    await pushesTo(owner);

    const foreign = await answerOf(other, destination, payload(packed, packed.box, item));
    const missing = await answerOf(owner, destination, payload(packed, missingBox(packed.box), missingItem(item)));
    expect(foreign).toEqual({ answer: refusal(item?.id ?? 0), errors: [] });
    expect(missing).toEqual({ answer: refusal(MISSING_ID), errors: [] });
    expect(await editorView(owner, packed.lot)).toEqual(before);
    expect(await pushesTo(owner)).toEqual([]);
  });

  it('/app/updateItems: a foreign item among the sender\'s own is refused as a missing one would be', async () => {
    const [owner, other] = [await suite.staff.connect(ALICE), await suite.staff.connect(BOB)];
    const mine = await packedBox(other, 'Mine');
    const theirs = await packedBox(owner, 'Theirs');
    const [own] = mine.items;
    const [foreign] = theirs.items;
    expect(await send(other, 'updateItems', [own, foreign])).toEqual(notFound(ServerMessages.itemNotFound(foreign?.id ?? 0)));
    expect(await send(other, 'updateItems', [own, missingItem(foreign)])).toEqual(notFound(ServerMessages.itemNotFound(MISSING_ID)));
  });
});
