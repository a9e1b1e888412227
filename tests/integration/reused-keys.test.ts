// A client-msg-id (STOMP) or Idempotency-Key (HTTP) names ONE request (DESIGN §4): the dedup record remembers where it
// was sent, so the same key sent somewhere else is refused as BAD_REQUEST, runs nothing, and never gets the other
// request's recorded reply; the key's own replays still do. Real server, real STOMP client, stand-in HTTP routes.
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLIENT_MSG_ID_HEADER } from '../../src/protocol/auth';
import { ErrorCode } from '../../src/protocol/error-codes';
import { IDEMPOTENCY_KEY_HEADER, IDEMPOTENT_REPLAYED_HEADER } from '../../src/protocol/http';
import { MessageType } from '../../src/protocol/message-types';
import { ServerMessages } from '../../src/protocol/messages';
import { processedMessages } from '../../server/db';
import { idempotentRoute } from '../../server/http/idempotency';
import { ALICE, allStatuses, listLots, outboxHeader, staffOf, uniqueName, type Staff } from '../support/staff';
import type { TestClient } from '../support/stomp-client';
import { startTestServer, type TestServer } from '../support/test-server';

const ROUTE_A = '/api/test-reused-a';
const ROUTE_B = '/api/test-reused-b';
let testServer: TestServer;
let staff: Staff;
/** Which stand-in route ran, in order. */
const ran: string[] = [];

beforeAll(async () => {
  testServer = await startTestServer({}, {
    routes(app, services) {
      for (const url of [ROUTE_A, ROUTE_B]) {
        idempotentRoute(app, services, {
          method: 'POST',
          url,
          async handler() {
            ran.push(url);
            return { status: 201, body: { errorCode: 200, route: url, run: ran.length } };
          },
        });
      }
    },
  });
  staff = staffOf(testServer);
});

afterAll(async () => {
  await staff?.closeAll();
  await testServer?.stop();
});

/** SEND as the outbox does (client-msg-id + receipt); the one answer repeating that id, once the RECEIPT is in. */
async function sendEntry(client: TestClient, clientMsgId: string, destination: 'createManifest' | 'updateManifestTitleById', body: unknown) {
  await client.sendWithReceipt(destination, body, outboxHeader(clientMsgId));
  const answers = client.drain('incomingMessages').filter((message) => message.headers[CLIENT_MSG_ID_HEADER] === clientMsgId);
  expect(answers).toHaveLength(1);
  return answers[0];
}

const reusedRefusal = (header: string) => ({ errorCode: ErrorCode.BAD_REQUEST, messageType: MessageType.ERROR, message: ServerMessages.keyReused(header), data: null });

const titles = async (client: TestClient) => (await listLots(client, allStatuses())).map((lot) => lot.titleListing);

describe('a client-msg-id sent to a different destination', () => {
  it('is refused with BAD_REQUEST (the header repeated), changes nothing, and the key still replays its own reply', async () => {
    const user = await staff.connect(ALICE);
    const key = uniqueName('device:1');
    const title = uniqueName('Created once');
    const created = await sendEntry(user, key, 'createManifest', title);
    expect(created?.body).toMatchObject({ errorCode: ErrorCode.OK, messageType: MessageType.CREATED_MANIFEST });
    const lotId = (created?.body as { data: { id: number } }).data.id;

    const reused = await sendEntry(user, key, 'updateManifestTitleById', { lotId, newTitle: 'Renamed by a reused id' });
    expect(reused?.body).toEqual(reusedRefusal(CLIENT_MSG_ID_HEADER));
    expect(reused?.headers[CLIENT_MSG_ID_HEADER]).toBe(key);
    expect(await titles(user)).toContain(title);
    expect(await titles(user)).not.toContain('Renamed by a reused id');

    const replayed = await sendEntry(user, key, 'createManifest', title);
    expect(replayed?.body).toEqual(created?.body);
  });

  it('replays a record made before destinations were kept (destination \'\') for any destination, as before', async () => {
    const user = await staff.connect(ALICE);
    const key = uniqueName('device:2');
    const title = uniqueName('Old record');
    const created = await sendEntry(user, key, 'createManifest', title);
    const { db } = testServer.server.services;
    const userId = await staff.idOf(ALICE);
    await db.update(processedMessages).set({ destination: '' })
      .where(and(eq(processedMessages.userId, userId), eq(processedMessages.clientMsgId, key)));
    const lotId = (created?.body as { data: { id: number } }).data.id;
    expect((await sendEntry(user, key, 'updateManifestTitleById', { lotId, newTitle: 'x' }))?.body).toEqual(created?.body);
  });
});

describe('an Idempotency-Key sent to a different route', () => {
  const post = async (url: string, token: string, key: string) => {
    const response = await fetch(`${testServer.url}${url}`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${token}`, [IDEMPOTENCY_KEY_HEADER]: key, 'Content-Type': 'application/json' },
      body: '{}',
    });
    return { status: response.status, replayed: response.headers.get(IDEMPOTENT_REPLAYED_HEADER), body: await response.json() };
  };

  it('is refused with 400 and a plain JSON message, runs nothing, and the key still replays on its own route', async () => {
    const [token, key] = [await staff.tokenFor(ALICE), uniqueName('device:3')];
    const first = await post(ROUTE_A, token, key);
    expect(first).toMatchObject({ status: 201, replayed: null, body: { route: ROUTE_A } });
    const runs = ran.length;

    expect(await post(ROUTE_B, token, key)).toEqual({
      status: 400, replayed: null, body: { errorCode: ErrorCode.BAD_REQUEST, message: ServerMessages.keyReused(IDEMPOTENCY_KEY_HEADER) },
    });
    expect(ran).toHaveLength(runs);
    expect(await post(ROUTE_A, token, key)).toEqual({ ...first, replayed: 'true' });
  });
});
