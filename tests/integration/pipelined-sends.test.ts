// Pipelined outbox entries (DESIGN §4, docs/protocol.md "Pipelining"): a SEND naming the entry before it
// (after-msg-id) is applied only when that entry has a record, so entries sent before their receipts still apply in
// queue order. Real server, real STOMP client, both databases.
import { describe, expect, it } from 'vitest';
import { AFTER_MSG_ID_HEADER, CLIENT_MSG_ID_HEADER } from '../../src/protocol/auth';
import { ErrorCode } from '../../src/protocol/error-codes';
import { ServerMessages } from '../../src/protocol/messages';
import { ALICE, allStatuses, listLots, outboxHeader, staffSuite, uniqueName } from '../support/staff';
import type { TestClient } from '../support/stomp-client';

const suite = staffSuite();

/** Sends an outbox entry (client-msg-id + receipt, and after-msg-id when given); its one answer once the RECEIPT is in. */
async function sendEntry(client: TestClient, clientMsgId: string, title: string, after?: string, destination: 'createManifest' | 'updateManifestTitleById' = 'createManifest', body: unknown = title) {
  await client.sendWithReceipt(destination, body, { ...outboxHeader(clientMsgId), ...(after === undefined ? {} : { [AFTER_MSG_ID_HEADER]: after }) });
  const answers = client.drain('incomingMessages').filter((message) => message.headers[CLIENT_MSG_ID_HEADER] === clientMsgId);
  expect(answers).toHaveLength(1);
  return answers[0]?.body;
}

/** A rename of a lot nobody has: refused by its handler, inside the transaction, so recorded. */
const renameNobodysLot = (client: TestClient, clientMsgId: string) =>
  sendEntry(client, clientMsgId, '', undefined, 'updateManifestTitleById', { lotId: 2_000_000_000, newTitle: 'Nobody' });

const titled = async (client: TestClient, title: string) => (await listLots(client, allStatuses())).filter((lot) => lot.titleListing === title);

describe('after-msg-id on a pipelined entry', () => {
  it('applies the entry when the one it names has been applied', async () => {
    const user = await suite.staff.connect(ALICE);
    const device = uniqueName('pipe');
    const title = uniqueName('Second in line');
    expect(await sendEntry(user, `${device}:1`, uniqueName('First in line'))).toMatchObject({ errorCode: ErrorCode.OK });
    expect(await sendEntry(user, `${device}:2`, title, `${device}:1`)).toMatchObject({ errorCode: ErrorCode.OK });
    expect(await titled(user, title)).toHaveLength(1);
  });

  it('applies the entry when the one it names was refused by its handler (a refusal is recorded, as in one-at-a-time order)', async () => {
    const user = await suite.staff.connect(ALICE);
    const device = uniqueName('pipe');
    const title = uniqueName('After a refusal');
    expect(await renameNobodysLot(user, `${device}:1`)).toMatchObject({ errorCode: ErrorCode.BAD_REQUEST });
    expect(await sendEntry(user, `${device}:2`, title, `${device}:1`)).toMatchObject({ errorCode: ErrorCode.OK });
    expect(await titled(user, title)).toHaveLength(1);
  });

  it('answers TOO_EARLY when the one it names was refused before it ran (an invalid payload records nothing)', async () => {
    const user = await suite.staff.connect(ALICE);
    const device = uniqueName('pipe');
    expect(await sendEntry(user, `${device}:1`, '   ')).toMatchObject({ errorCode: ErrorCode.BAD_REQUEST });
    expect(await sendEntry(user, `${device}:2`, uniqueName('Held back'), `${device}:1`)).toMatchObject({ errorCode: ErrorCode.TOO_EARLY });
  });

  it('answers TOO_EARLY, runs nothing and records nothing when the one it names has not been applied; sent again after it, it applies', async () => {
    const user = await suite.staff.connect(ALICE);
    const device = uniqueName('pipe');
    const title = uniqueName('Too early');
    expect(await sendEntry(user, `${device}:2`, title, `${device}:1`)).toEqual({
      errorCode: ErrorCode.TOO_EARLY, messageType: 26, message: ServerMessages.tooEarly(AFTER_MSG_ID_HEADER), data: null,
    });
    expect(await titled(user, title)).toEqual([]);

    await sendEntry(user, `${device}:1`, uniqueName('The one before'));
    expect(await sendEntry(user, `${device}:2`, title, `${device}:1`)).toMatchObject({ errorCode: ErrorCode.OK });
    expect(await titled(user, title)).toHaveLength(1);
  });

  it("does not take another user's entry as the one before", async () => {
    const [alice, admin] = [await suite.staff.connect(ALICE), await suite.staff.connect('admin')];
    const device = uniqueName('pipe');
    await sendEntry(admin, `${device}:1`, uniqueName("The admin's"));
    expect(await sendEntry(alice, `${device}:2`, uniqueName("Alice's"), `${device}:1`)).toMatchObject({ errorCode: ErrorCode.TOO_EARLY });
  });

  it('refuses an after-msg-id longer than 200 characters with BAD_REQUEST, creating nothing', async () => {
    const user = await suite.staff.connect(ALICE);
    const title = uniqueName('Bad after');
    expect(await sendEntry(user, uniqueName('pipe'), title, 'x'.repeat(201))).toMatchObject({
      errorCode: ErrorCode.BAD_REQUEST, message: expect.stringContaining(AFTER_MSG_ID_HEADER),
    });
    expect(await titled(user, title)).toEqual([]);
  });
});
