// Exactly-once mutations (DESIGN §4) as the outbox sees them: a SEND carrying client-msg-id changes things once
// however often it is replayed, and every answer to it repeats that header. Real server, real STOMP client;
// the last block drives the router directly to make a handler fail or hold its transaction open.
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { CLIENT_MSG_ID_HEADER } from '../../src/protocol/auth';
import { Destination } from '../../src/protocol/destinations';
import { ErrorCode } from '../../src/protocol/error-codes';
import { MessageType } from '../../src/protocol/message-types';
import { Topic } from '../../src/protocol/topics';
import { lots, queryRows } from '../../server/db';
import type { HandlerMap } from '../../server/domains/handler';
import { lotHandlers } from '../../server/domains/lots';
import { createRouter } from '../../server/stomp/router';
import type { StompSession } from '../../server/stomp/types';
import { ALICE, allStatuses, BOB, createLot, listLots, outboxHeader, staffSuite, uniqueName } from '../support/staff';
import { connectClient, type TestClient } from '../support/stomp-client';
import { ServerMessages } from '../../src/protocol/messages';

// Two accounts serve every test (an account costs a deliberately slow scrypt hash); titles keep tests apart.

const suite = staffSuite();

/** SEND as the outbox does (client-msg-id + receipt); resolves with the answer once the RECEIPT is in. */
async function sendEntry(client: TestClient, clientMsgId: string, destination: 'createManifest' | 'updateManifestTitleById', body: unknown) {
  await client.sendWithReceipt(destination, body, outboxHeader(clientMsgId));
  // The answer is delivered before the RECEIPT, so it is already queued here (beside any push to this session).
  const answers = client.drain('incomingMessages').filter((message) => message.headers[CLIENT_MSG_ID_HEADER] === clientMsgId);
  expect(answers).toHaveLength(1);
  return answers[0];
}

/** The lots with this title the client can see (an admin: everyone's). */
const titled = async (client: TestClient, title: string) => (await listLots(client, allStatuses(false))).filter((lot) => lot.titleListing === title);

describe('client-msg-id on a mutation', () => {
  it('applies the same client-msg-id sent twice once: both SENDs get a RECEIPT and the same reply with that header', async () => {
    const user = await suite.staff.connect(ALICE);
    const first = await sendEntry(user, 'device-1:1', 'createManifest', 'Sent twice');
    const second = await sendEntry(user, 'device-1:1', 'createManifest', 'Sent twice');
    expect(first).toMatchObject({
      headers: { [CLIENT_MSG_ID_HEADER]: 'device-1:1' },
      body: { errorCode: ErrorCode.OK, messageType: MessageType.CREATED_MANIFEST, message: 'Created manifest: Sent twice' },
    });
    expect(second).toEqual({ ...first, headers: { ...first?.headers, 'message-id': expect.any(String) } });
    expect(await titled(user, 'Sent twice')).toHaveLength(1);
  });

  it('answers a replay on a new connection after a drop with the stored reply, changing nothing and pushing nothing again', async () => {
    const [tablet, admin] = [await suite.staff.connect(ALICE), await suite.staff.connect('admin')];
    const first = await sendEntry(tablet, 'device-2:7', 'createManifest', 'Survives a drop');
    await tablet.drop();
    const reconnected = await connectClient(suite.server.wsUrl, { token: tablet.token ?? '' });
    const replayed = await sendEntry(reconnected, 'device-2:7', 'createManifest', 'Survives a drop');
    await reconnected.close();

    expect(replayed?.body).toEqual(first?.body);
    expect(replayed?.headers[CLIENT_MSG_ID_HEADER]).toBe('device-2:7');
    expect(await titled(admin, 'Survives a drop')).toHaveLength(1);
    expect(admin.drain('incomingMessages').map((message) => message.body)).toEqual([first?.body]); // one push, not two
  });

  it('applies once a SEND whose connection dropped before the answer, when the outbox replays it on a new connection', async () => {
    const tablet = await suite.staff.connect(ALICE);
    tablet.send('createManifest', 'Lost answer', outboxHeader('device-3:1'));
    await tablet.drop();
    const reconnected = await connectClient(suite.server.wsUrl, { token: tablet.token ?? '' });
    const answer = await sendEntry(reconnected, 'device-3:1', 'createManifest', 'Lost answer');
    expect(answer).toMatchObject({ headers: { [CLIENT_MSG_ID_HEADER]: 'device-3:1' }, body: { errorCode: ErrorCode.OK } });
    expect(await titled(reconnected, 'Lost answer')).toHaveLength(1);
    await reconnected.close();
  });

  it('applies once the same entry sent at the same moment from two connections, and answers both alike', async () => {
    const [one, two] = [await suite.staff.connect(ALICE), await suite.staff.connect(ALICE)];
    const answers = await Promise.all([one, two].map((client) => sendEntry(client, 'device-4:1', 'createManifest', 'Raced')));
    expect(answers[0]?.body).toEqual(answers[1]?.body);
    expect(await titled(one, 'Raced')).toHaveLength(1);
  });

  it('keeps two users apart when they use the same client-msg-id', async () => {
    const [alice, bob] = [await suite.staff.connect(ALICE), await suite.staff.connect(BOB)];
    const hers = await createLot(alice, 'Same id, her lot', 'shared-device:1');
    const his = await createLot(bob, 'Same id, his lot', 'shared-device:1');
    expect(his.id).not.toBe(hers.id);
    expect(await titled(alice, 'Same id, her lot')).toEqual([hers]);
    expect(await titled(bob, 'Same id, his lot')).toEqual([his]);
  });

  it('runs a mutation without client-msg-id each time it arrives, and its reply carries no such header', async () => {
    const user = await suite.staff.connect(ALICE);
    for (let time = 0; time < 2; time++) {
      await user.sendWithReceipt('createManifest', 'No id');
      expect(user.drain('incomingMessages')).toEqual([
        { body: expect.objectContaining({ errorCode: ErrorCode.OK }), headers: expect.not.objectContaining({ [CLIENT_MSG_ID_HEADER]: expect.anything() }) },
      ]);
    }
    expect(await titled(user, 'No id')).toHaveLength(2);
  });

  it("answers a replayed refusal with the same refusal: renaming another user's lot", async () => {
    const [owner, other] = [await suite.staff.connect(ALICE), await suite.staff.connect(BOB)];
    const lot = await createLot(owner, 'Not yours');
    const rename = { lotId: lot.id, newTitle: 'Taken' };
    const refused = await sendEntry(other, 'device-5:1', 'updateManifestTitleById', rename);
    expect(refused).toMatchObject({
      headers: { [CLIENT_MSG_ID_HEADER]: 'device-5:1' },
      body: { errorCode: ErrorCode.BAD_REQUEST, messageType: MessageType.ERROR, message: ServerMessages.lotNotFoundOrNotOwned },
    });
    expect((await sendEntry(other, 'device-5:1', 'updateManifestTitleById', rename))?.body).toEqual(refused?.body);
    expect(await titled(owner, 'Not yours')).toEqual([lot]);
  });

  it('repeats the client-msg-id on a payload refusal, on UNAUTHORIZED and on a query', async () => {
    const user = await suite.staff.connect(ALICE);
    expect(await sendEntry(user, 'device-6:1', 'createManifest', '')).toMatchObject({
      headers: { [CLIENT_MSG_ID_HEADER]: 'device-6:1' },
      body: { errorCode: ErrorCode.BAD_REQUEST },
    });

    const anonymous = await connectClient(suite.server.wsUrl);
    await anonymous.sendWithReceipt('createManifest', 'Who am I', outboxHeader('device-6:2'));
    expect(anonymous.drain('errors')).toMatchObject([{ headers: { [CLIENT_MSG_ID_HEADER]: 'device-6:2' }, body: { errorCode: ErrorCode.UNAUTHORIZED } }]);
    await anonymous.close();

    await user.sendWithReceipt('getLots', allStatuses(), outboxHeader('device-6:3'));
    expect(user.drain('lots')).toMatchObject([{ headers: { [CLIENT_MSG_ID_HEADER]: 'device-6:3' }, body: expect.any(Array) }]);
  });

  it('refuses a client-msg-id longer than 200 characters with BAD_REQUEST, creating nothing', async () => {
    const user = await suite.staff.connect(ALICE);
    const answer = await sendEntry(user, 'x'.repeat(201), 'createManifest', 'Too long an id');
    expect(answer?.body).toMatchObject({ errorCode: ErrorCode.BAD_REQUEST, message: expect.stringContaining('client-msg-id') });
    expect(await titled(user, 'Too long an id')).toEqual([]);
  });
});

// ------------------------------------------------------------------- the router, with handlers that misbehave

interface Delivered { destination: string; body: unknown; headers: Record<string, string> }

/** A session as the router sees it, recording what it is sent. */
async function fakeSession(username: string): Promise<StompSession & { delivered: Delivered[] }> {
  const token = await suite.staff.tokenFor(username);
  const delivered: Delivered[] = [];
  return {
    id: uniqueName('fake-session'),
    connectHeaders: { Authorization: `Bearer ${token}` },
    remoteAddress: undefined,
    delivered,
    deliver(destination, body, headers = {}) {
      delivered.push({ destination, body: JSON.parse(body), headers });
      return 1;
    },
    isSubscribed: () => true,
    close: () => undefined,
  };
}

const { createManifest } = lotHandlers;

const sendFrame = (clientMsgId: string, title: string) => ({
  destination: Destination.createManifest,
  headers: { [CLIENT_MSG_ID_HEADER]: clientMsgId },
  body: JSON.stringify(title),
});

async function lotsTitled(title: string): Promise<number> {
  return (await suite.server.server.services.db.select().from(lots).where(eq(lots.titleListing, title))).length;
}

/**
 * Until a second transaction waits behind the first: on PostgreSQL, until its dedup INSERT waits for the first's
 * row lock; PGlite runs one transaction at a time and cannot be asked while one is open, so just let it queue.
 */
async function untilWaitingBehindFirst(): Promise<void> {
  if (suite.server.kind === 'pglite') {
    for (let turn = 0; turn < 20; turn++) await new Promise((resolve) => setImmediate(resolve));
    return;
  }
  const waiting = sql`select 1 from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'
    and query ilike 'insert into "processed_messages"%'`;
  for (let poll = 0; poll < 500; poll++) {
    if ((await queryRows(suite.server.server.services.db, waiting)).length > 0) return;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error('the second transaction never waited for the first');
}

describe('client-msg-id when the handler fails or is slow', () => {
  it('rolls a failing mutation back with its record: INTERNAL_SERVER_ERROR with the header, and sending again runs it again', async () => {
    let failNext = true;
    const handlers: HandlerMap = {
      createManifest: {
        access: 'user',
        async handle(context, label) {
          const result = await createManifest.handle(context, label);
          if (failNext) {
            failNext = false;
            throw new Error('the disk is full (test)');
          }
          return result;
        },
      },
    };
    const router = createRouter(handlers, suite.server.server.services);
    const session = await fakeSession(ALICE);

    await router.onSend(session, sendFrame('device-7:1', 'Fails once'));
    expect(session.delivered).toEqual([{
      destination: Topic.incomingMessages,
      body: { errorCode: ErrorCode.INTERNAL_SERVER_ERROR, messageType: MessageType.ERROR, message: 'Internal server error. Please try again.', data: null },
      headers: { [CLIENT_MSG_ID_HEADER]: 'device-7:1' },
    }]);
    expect(await lotsTitled('Fails once')).toBe(0);

    await router.onSend(session, sendFrame('device-7:1', 'Fails once'));
    expect(session.delivered[1]).toMatchObject({ body: { errorCode: ErrorCode.OK, messageType: MessageType.CREATED_MANIFEST } });
    expect(await lotsTitled('Fails once')).toBe(1);
  });

  it('makes a replay that arrives while the first run is still open wait for it, then answers it with the stored reply', async () => {
    let runs = 0;
    let release: () => void = () => undefined;
    const released = new Promise<void>((resolve) => { release = resolve; });
    const handlers: HandlerMap = {
      createManifest: {
        access: 'user',
        async handle(context, label) {
          runs += 1;
          const result = await createManifest.handle(context, label);
          await released; // the transaction stays open, its dedup record claimed but not committed
          return result;
        },
      },
    };
    const router = createRouter(handlers, suite.server.server.services);
    const [first, second] = [await fakeSession(ALICE), await fakeSession(ALICE)];
    for (const session of [first, second]) await router.onConnect?.(session); // both tabs are connected, as in life

    const firstDone = router.onSend(first, sendFrame('device-8:1', 'Held open'));
    while (runs === 0) await new Promise((resolve) => setImmediate(resolve));
    const secondDone = router.onSend(second, sendFrame('device-8:1', 'Held open'));
    await untilWaitingBehindFirst();
    release();
    await Promise.all([firstDone, secondDone]);

    expect(runs).toBe(1);
    expect(await lotsTitled('Held open')).toBe(1);
    const [answer] = first.delivered;
    expect(answer).toMatchObject({ body: { errorCode: ErrorCode.OK }, headers: { [CLIENT_MSG_ID_HEADER]: 'device-8:1' } });
    // The second tab heard of the new lot as a push (no header) when the first committed, then got its answer.
    expect(second.delivered).toEqual([{ ...answer, headers: {} }, answer]);
  });
});
