// Issue 32, both sides of the cutoff: a client names the protocol version it speaks in CONNECT; the server answers
// with its own and the oldest it accepts, refuses one outside that range with CLIENT_TOO_OLD or SERVER_TOO_OLD (so
// nothing queued reaches a server that would misread it), serves one that names none as current, and reads a SEND
// written in an older accepted version as today's payload. On the real server with the real STOMP client; and on the
// router in-process speaking a later range (versions 2 and 3, where createManifest's payload changed), the next
// release as a test builds it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLIENT_MSG_ID_HEADER } from '../../src/protocol/auth';
import { Destination } from '../../src/protocol/destinations';
import { ErrorCode } from '../../src/protocol/error-codes';
import { MessageType } from '../../src/protocol/message-types';
import { ServerMessages } from '../../src/protocol/messages';
import { Topic } from '../../src/protocol/topics';
import type { UpgradeStep } from '../../src/protocol/upgrades';
import {
  CLIENT_TOO_OLD, PROTOCOL_HEADER, PROTOCOL_MIN, PROTOCOL_MIN_HEADER, PROTOCOL_VERSION, SERVER_TOO_OLD,
} from '../../src/protocol/version';
import { handlers } from '../../server/domains';
import { createProtocolVersions } from '../../server/stomp/protocol-versions';
import { createRouter } from '../../server/stomp/router';
import { recordingSession, startInProcessRouter, type InProcessRouter } from '../support/in-process-router';
import { connectClient } from '../support/stomp-client';
import { startTestServer, type TestServer } from '../support/test-server';

describe('the handshake on the real server', () => {
  let server: TestServer;
  beforeAll(async () => void (server = await startTestServer()));
  afterAll(() => server.stop());

  const speaking = (version: string) => connectClient(server.wsUrl, { connectHeaders: { [PROTOCOL_HEADER]: version } });

  it("serves a client at its version, telling it the server's version and the oldest it accepts", async () => {
    const client = await speaking(String(PROTOCOL_VERSION));
    expect(client.connectedHeaders).toMatchObject({ [PROTOCOL_HEADER]: String(PROTOCOL_VERSION), [PROTOCOL_MIN_HEADER]: String(PROTOCOL_MIN), version: '1.2' });
    await client.close();
  });

  it('serves a plain STOMP client that names no version as the current one', async () => {
    const client = await connectClient(server.wsUrl);
    expect(client.connectedHeaders[PROTOCOL_HEADER]).toBe(String(PROTOCOL_VERSION));
    expect(await client.request('login', { username: 'nobody', password: 'wrong-password' }, 'loginResponse')).toEqual({ message: ServerMessages.invalidCredentials });
    await client.close();
  });

  it(`refuses a client newer than the server with ${SERVER_TOO_OLD}, and a header that is not a version`, async () => {
    await expect(speaking(String(PROTOCOL_VERSION + 1))).rejects.toThrow(SERVER_TOO_OLD);
    await expect(speaking('two')).rejects.toThrow(ServerMessages.badProtocolHeader(PROTOCOL_HEADER));
    await expect(speaking('0')).rejects.toThrow(ServerMessages.badProtocolHeader(PROTOCOL_HEADER));
  });
});

describe('a server speaking versions 2 and 3, where createManifest took {title} in version 2 and takes the title in 3', () => {
  const STEPS: readonly UpgradeStep[] = [
    { to: 3, payloads: { createManifest: (body) => (typeof body === 'object' && body !== null && 'title' in body ? body.title : body) } },
  ];
  let harness: InProcessRouter;
  let token: string;
  const router = () => createRouter(handlers, harness.services, createProtocolVersions({ current: 3, min: 2 }, STEPS));
  beforeAll(async () => {
    harness = await startInProcessRouter();
    await harness.services.users.add('vera', 'vera-password', false);
    token = await harness.services.tokens.issue({ username: 'vera', roles: ['ROLE_USER'] });
  }, 60_000);
  afterAll(() => harness.stop());

  async function connected(version: string | undefined) {
    const next = router();
    const session = recordingSession(`v${version ?? '-'}-${Math.random()}`, token, version === undefined ? {} : { [PROTOCOL_HEADER]: version });
    const headers = await next.onConnect?.(session);
    return { router: next, session, headers };
  }
  const createManifest = (body: unknown, headers: Record<string, string> = {}) =>
    ({ destination: Destination.createManifest, headers: { [CLIENT_MSG_ID_HEADER]: `v:${Math.random()}`, ...headers }, body: JSON.stringify(body) });
  const created = (title: string) => ({
    destination: Topic.incomingMessages,
    body: expect.objectContaining({ errorCode: ErrorCode.OK, messageType: MessageType.CREATED_MANIFEST, message: ServerMessages.createdManifest(title) }),
    headers: expect.any(Object),
  });

  it('serves version 3 as today and version 2 (the one before) with its payloads upgraded', async () => {
    const today = await connected('3');
    expect(today.headers).toEqual({ [PROTOCOL_HEADER]: '3', [PROTOCOL_MIN_HEADER]: '2' });
    await today.router.onSend(today.session, createManifest('Made in version 3'));
    expect(today.session.delivered).toEqual([created('Made in version 3')]);

    const older = await connected('2');
    await older.router.onSend(older.session, createManifest({ title: 'Queued under version 2' }));
    expect(older.session.delivered).toEqual([created('Queued under version 2')]);
  });

  it('reads a SEND as the version it names: an entry queued under older code, replayed by a newer client', async () => {
    const today = await connected('3');
    await today.router.onSend(today.session, createManifest({ title: 'Queued before the update' }, { [PROTOCOL_HEADER]: '2' }));
    expect(today.session.delivered).toEqual([created('Queued before the update')]);
  });

  it(`refuses a client below the oldest accepted with ${CLIENT_TOO_OLD} and one above with ${SERVER_TOO_OLD}; a SEND outside the range waits, nothing run`, async () => {
    await expect(connected('1')).rejects.toThrow(CLIENT_TOO_OLD);
    await expect(connected('4')).rejects.toThrow(SERVER_TOO_OLD);
    const today = await connected(undefined);
    expect(today.headers).toEqual({ [PROTOCOL_HEADER]: '3', [PROTOCOL_MIN_HEADER]: '2' });
    await today.router.onSend(today.session, createManifest({ title: 'Too old' }, { [PROTOCOL_HEADER]: '1' }));
    expect(today.session.delivered).toEqual([{
      destination: Topic.incomingMessages,
      body: { errorCode: ErrorCode.UPGRADE_REQUIRED, messageType: MessageType.ERROR, message: CLIENT_TOO_OLD, data: null },
      headers: expect.any(Object),
    }]);
  });
});
