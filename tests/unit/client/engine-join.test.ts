// First load (issue 13): the page starts the client's core (login, session, connection) before the engine's chunk
// arrives; the engine then joins that core. Joining a core that is already connected and signed in, the domains ask
// their questions at once; the core's own rules (a token change restarts the connection) run once, not twice.
import 'fake-indexeddb/auto';
import { afterAll, beforeAll, describe, expect, it, onTestFinished, vi } from 'vitest';
import { domains } from '../../../src/domains';
import { Destination } from '../../../src/protocol/destinations';
import { createCore, linkCore } from '../../../src/sync/core';
import { createStatus } from '../../../src/sync/feedback/status';
import { createInProcessLocks } from '../../../src/sync/outbox/locks';
import { createSync } from '../../../src/sync/runtime';
import { createMemoryStorage, createSettings, TOKEN } from '../../../src/sync/session/settings';
import { createFakeConnection } from './support/fake-connection';
import { startClientServer, type ClientServer } from './support/server';
import { freshReplica, mockNotifier, uniqueUser } from './support/sync-harness';
import { NOW_MS } from './support/tokens';

let server: ClientServer;
beforeAll(async () => void (server = await startClientServer()), 60_000);
afterAll(() => server?.stop());

async function startedCore() {
  const account = await server.account(uniqueUser('joiner'), { admin: false });
  const settings = createSettings(createMemoryStorage());
  settings.set(TOKEN, account.token);
  const connection = createFakeConnection();
  const notifier = mockNotifier();
  const core = createCore({ settings, connection, notifier, status: createStatus(), now: () => NOW_MS });
  const wire = server.wire(connection, core.session.currentToken);
  onTestFinished(linkCore(core));
  onTestFinished(() => wire.idle());
  return { core, connection, notifier };
}

describe('the engine joining the page core', () => {
  it('asks nothing before it joins, and the domains’ questions as soon as it joins a connected core', async () => {
    const { core, connection } = await startedCore();
    connection.open();
    expect(connection.sent).toEqual([]);

    const engine = createSync(domains, { core, replica: freshReplica(), locks: createInProcessLocks() });
    onTestFinished(engine.stop);
    await vi.waitFor(() => expect(connection.sent.map(({ destination }) => destination)).toEqual(
      expect.arrayContaining([Destination.getWoocommerceCategories, Destination.syncLots]),
    ));
  });

  it('leaves the core linked once: a logout restarts the connection once, and still after the engine stops', async () => {
    const { core, connection } = await startedCore();
    const token = core.session.currentToken();
    const engine = createSync(domains, { core, replica: freshReplica(), locks: createInProcessLocks() });
    core.session.logout();
    expect(connection.restarts).toBe(1);
    engine.stop();
    if (token === undefined) throw new Error('the core started signed in');
    core.session.login(token);
    expect(connection.restarts).toBe(2); // the core's rule outlives the engine it was joined by
  });

  it("announces a broker error that came before it joined (a slow device's login screen), once", async () => {
    const { core, connection, notifier } = await startedCore();
    connection.brokerError('Broker says no');
    expect(notifier.error).not.toHaveBeenCalled();
    const engine = createSync(domains, { core, replica: freshReplica(), locks: createInProcessLocks() });
    onTestFinished(engine.stop);
    expect(notifier.error).toHaveBeenCalledTimes(1);
    expect(notifier.error).toHaveBeenCalledWith('Error: Broker says no');
  });
});
