// createServices + createRouter without HTTP (tests/support/in-process-router.ts): the entry points a client-side test
// harness builds on. The real handlers answer stand-in sessions on a private database, pushes included.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLIENT_MSG_ID_HEADER } from '../../src/protocol/auth';
import { Destination } from '../../src/protocol/destinations';
import { ErrorCode } from '../../src/protocol/error-codes';
import { MessageType } from '../../src/protocol/message-types';
import { ServerMessages } from '../../src/protocol/messages';
import { Topic } from '../../src/protocol/topics';
import { handlers } from '../../server/domains';
import { createRouter } from '../../server/stomp/router';
import { startInProcessRouter, type InProcessRouter } from '../support/in-process-router';

let harness: InProcessRouter;
beforeAll(async () => {
  harness = await startInProcessRouter();
  await harness.services.users.add('carol', 'carol-password', false);
}, 60_000);
afterAll(() => harness.stop());

const send = (destination: string, body: unknown, headers: Record<string, string> = {}) =>
  ({ destination, headers, body: JSON.stringify(body) });

describe('the router in-process', () => {
  it("answers a destination of the spec that no handler serves with NOT_FOUND 'Destination not yet served' on errors", async () => {
    const { listAuctionOnWC: _served, ...withoutOne } = handlers;
    const partial = createRouter(withoutOne, harness.services);
    const session = await harness.connect();
    await partial.onSend(session, send(Destination.listAuctionOnWC, { auctionEventManifestId: 1, templateId: 1, quantity: 0, free_shipping: true }));
    expect(session.delivered).toEqual([
      expect.objectContaining({ destination: Topic.errors, body: expect.objectContaining({ errorCode: ErrorCode.NOT_FOUND, message: ServerMessages.notYetServed(Destination.listAuctionOnWC) }) }),
    ]);
  });

  it('signs in over /app/login and answers on loginResponse with a token', async () => {
    const anonymous = await harness.connect();
    await harness.router.onSend(anonymous, send(Destination.login, { username: 'carol', password: 'wrong' }));
    await harness.router.onSend(anonymous, send(Destination.login, { username: 'carol', password: 'carol-password' }));
    expect(anonymous.delivered).toEqual([
      { destination: Topic.loginResponse, body: { message: ServerMessages.invalidCredentials }, headers: {} },
      { destination: Topic.loginResponse, body: { jwt: expect.any(String) }, headers: {} },
    ]);
  });

  it('runs a mutation exactly once for its client-msg-id, replies to the sender and pushes to the owner\'s other session', async () => {
    const token = await harness.services.tokens.issue({ username: 'carol', roles: ['ROLE_USER'] });
    const [tablet, phone] = [await harness.connect(token), await harness.connect(token)];
    const frame = send(Destination.createManifest, 'Made in-process', { [CLIENT_MSG_ID_HEADER]: 'harness:1' });
    await harness.router.onSend(tablet, frame);
    await harness.router.onSend(tablet, frame);

    const reply = {
      destination: Topic.incomingMessages,
      body: expect.objectContaining({ errorCode: ErrorCode.OK, messageType: MessageType.CREATED_MANIFEST, message: ServerMessages.createdManifest('Made in-process') }),
      headers: { [CLIENT_MSG_ID_HEADER]: 'harness:1' },
    };
    expect(tablet.delivered).toEqual([reply, reply]);
    expect(phone.delivered).toEqual([{ ...reply, headers: {} }]);
  });

  it('refuses a user destination without a token with UNAUTHORIZED on the errors topic', async () => {
    const anonymous = await harness.connect();
    await harness.router.onSend(anonymous, send(Destination.getWoocommerceCategories, null));
    expect(anonymous.delivered).toEqual([{
      destination: Topic.errors,
      body: expect.objectContaining({ errorCode: ErrorCode.UNAUTHORIZED, message: ServerMessages.unauthorized }),
      headers: {},
    }]);
  });
});
