// Shared client state (spec §4, §8): categories and lots fetched when authenticated and connected, the errors
// topic, and the reconnect that follows a token change. The real server (router, handlers, database) answers on an
// in-memory wire.
import 'fake-indexeddb/auto';
import { afterAll, beforeAll, describe, expect, it, onTestFinished, vi } from 'vitest';
import { categories, FETCHING_CATEGORIES, PRODUCT_CATEGORIES } from '../../../src/domains/categories';
import { REQUEST_ID_HEADER } from '../../../src/protocol/auth';
import type { Category } from '../../../src/protocol/entities';
import { CATALOGUE_CACHE_MAX } from '../../../src/protocol/catalogue';
import { Destination } from '../../../src/protocol/destinations';
import { MessageType } from '../../../src/protocol/message-types';
import { Topic } from '../../../src/protocol/topics';
import { READY } from '../../../src/sync/feedback/status';
import { startClientServer, type ClientServer } from './support/server';
import { createHarness, type Harness } from './support/sync-harness';

let server: ClientServer;
beforeAll(async () => void (server = await startClientServer()), 60_000);
afterAll(() => server?.stop());

const TOOLS = { id: 7, name: 'Tools', parent: 0 };
const categoriesReply = (errorCode = 200, data: unknown = [TOOLS]) => ({
  errorCode,
  messageType: MessageType.WOOCOMMERCE_CATEGORIES,
  data,
});

async function setup({ signedIn }: { signedIn: boolean }): Promise<Harness> {
  const harness = await createHarness(server, { signedIn });
  onTestFinished(harness.unlink);
  return harness;
}

/** What the client sent, without the request-id each query carries. */
const sends = (h: Harness) => h.connection.sent.map(({ destination, body }) => ({ destination, body }));

describe('/app/getWoocommerceCategories', () => {
  it('is requested on connect when signed in, busy with the spec text, with the lots of the saved filter', async () => {
    const h = await setup({ signedIn: true });
    expect(h.sync.status.get()).toEqual({ message: '', submitting: false });
    h.connection.open();
    expect(h.sync.status.get()).toEqual({ message: FETCHING_CATEGORIES, submitting: true });
    await vi.waitFor(() => expect(sends(h)).toHaveLength(3));
    expect(sends(h)).toEqual(expect.arrayContaining([
      { destination: Destination.getWoocommerceCategories, body: undefined },
      { destination: Destination.syncLots, body: { after: '' } }, // the lots it may see, from nothing (issue 18)
      { destination: Destination.getCatalogueCache, body: { limit: CATALOGUE_CACHE_MAX } }, // to scan offline (issue 31)
    ]));
    await h.wire.idle();
  });

  it('is not requested while signed out', async () => {
    const h = await setup({ signedIn: false });
    h.connection.open();
    expect(h.connection.sent).toEqual([]);
    expect(h.sync.status.get().message).toBe('');
  });

  it('stores an OK reply as list, id map and productCategories, then says Ready.', async () => {
    const h = await setup({ signedIn: true });
    const store = await server.ask<Category[]>(h.token, 'getWoocommerceCategories', undefined);
    const [first] = store;
    expect(first).toBeDefined();
    h.connection.open();
    await vi.waitFor(() => expect(categories.get().list).toEqual(store));
    expect(categories.get().byId.get(first?.id ?? 0)).toEqual(first);
    expect(h.settings.get(PRODUCT_CATEGORIES)).toEqual(store);
    expect(h.sync.status.get()).toEqual({ message: READY, submitting: false });
  });

  it('keeps no categories from a reply whose errorCode is not 200, and shows its message', async () => {
    const h = await setup({ signedIn: true });
    h.wire.holding = true; // the server's own answer stays on the wire
    h.connection.open();
    const request = h.connection.sent.find(({ destination }) => destination === Destination.getWoocommerceCategories);
    const requestId = request?.headers?.[REQUEST_ID_HEADER];
    expect(requestId).toBeDefined();
    h.connection.deliver(Topic.incomingMessages, { ...categoriesReply(500), message: 'Store unreachable' }, { [REQUEST_ID_HEADER]: requestId ?? '' });
    await vi.waitFor(() => expect(h.notifier.error).toHaveBeenCalledWith('Store unreachable'));
    expect(categories.get().list).toEqual([]);
    expect(h.settings.get(PRODUCT_CATEGORIES)).toBeUndefined();
    expect(h.sync.status.get()).toEqual({ message: READY, submitting: false });
  });
});

describe('errors topic', () => {
  it("alerts and toasts the text prefixed 'Error: ' and resets the status", async () => {
    const h = await setup({ signedIn: true });
    h.connection.open();
    h.connection.deliver(Topic.errors, { errorCode: 401, messageType: MessageType.ERROR, message: 'Unauthorized' });
    expect(h.notifier.alert).toHaveBeenCalledWith('Error: Unauthorized');
    expect(h.notifier.error).toHaveBeenCalledWith('Error: Unauthorized');
    expect(h.sync.status.get()).toEqual({ message: READY, submitting: false });
    await h.wire.idle();
  });

  it("shows a broker error the same way, once: alert and toast 'Error: {its message}', status 'Ready.' even while busy", async () => {
    const h = await setup({ signedIn: true });
    h.connection.open();
    await h.wire.idle();
    h.sync.status.busy('Fetching Categories...');
    h.connection.brokerError('Limit reached: frames (at most 10). The connection is closed.');
    h.connection.brokerError('Limit reached: frames (at most 10). The connection is closed.');
    expect(h.notifier.alert).toHaveBeenCalledTimes(1);
    expect(h.notifier.alert).toHaveBeenCalledWith('Error: Limit reached: frames (at most 10). The connection is closed.');
    expect(h.notifier.error).toHaveBeenCalledWith('Error: Limit reached: frames (at most 10). The connection is closed.');
    expect(h.sync.status.get()).toEqual({ message: READY, submitting: false });
  });
});

describe('session and connection', () => {
  it('reconnects when the token changes (login, logout) and not otherwise', async () => {
    const h = await setup({ signedIn: false });
    const { session } = h.sync;
    h.connection.open();
    session.logout();
    expect(h.connection.restarts).toBe(0);
    session.login(h.token);
    expect(h.connection.restarts).toBe(1);
    session.logout();
    expect(h.connection.restarts).toBe(2);
  });
});
