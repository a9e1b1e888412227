// Shared client state (spec §4, §8): categories fetched when authenticated and connected, the errors topic,
// and the reconnect that follows a token change.
import { describe, expect, it, vi } from 'vitest';
import { Destination } from '../../../src/protocol/destinations';
import { MessageType } from '../../../src/protocol/message-types';
import { Topic } from '../../../src/protocol/topics';
import { FETCHING_CATEGORIES, createCategories } from '../../../src/sync/categories';
import { linkSync } from '../../../src/sync/client';
import { createLogin } from '../../../src/sync/login';
import type { Notifier } from '../../../src/sync/notifier';
import { createSession } from '../../../src/sync/session';
import { createMemoryStorage, createSettings } from '../../../src/sync/settings';
import { READY, createStatus } from '../../../src/sync/status';
import { createFakeConnection } from './support/fake-connection';
import { NOW_MS, userToken } from './support/tokens';

const TOOLS = { id: 7, name: 'Tools', parent: 0 };
const categoriesReply = (errorCode = 200, data: unknown = [TOOLS]) => ({
  errorCode,
  messageType: MessageType.WOOCOMMERCE_CATEGORIES,
  data,
});

function setup({ signedIn }: { signedIn: boolean }) {
  const settings = createSettings(createMemoryStorage());
  if (signedIn) settings.set('token', userToken(3600));
  const session = createSession(settings, () => NOW_MS);
  const connection = createFakeConnection();
  const status = createStatus();
  const categories = createCategories({ publish: connection.publish, settings, status });
  const login = createLogin(connection, session, () => NOW_MS);
  const notifier: Notifier = { success: vi.fn(), info: vi.fn(), warning: vi.fn(), error: vi.fn(), alert: vi.fn() };
  const unlink = linkSync({ connection, session, status, login, categories, notifier });
  return { settings, session, connection, status, categories, notifier, unlink };
}

describe('/app/getWoocommerceCategories', () => {
  it('is requested on connect when signed in, busy with the spec text', () => {
    const { connection, status } = setup({ signedIn: true });
    expect(status.get()).toEqual({ message: '', submitting: false });
    connection.open();
    expect(connection.sent).toEqual([{ destination: Destination.getWoocommerceCategories, body: undefined }]);
    expect(status.get()).toEqual({ message: FETCHING_CATEGORIES, submitting: true });
  });

  it('is not requested while signed out', () => {
    const { connection, status } = setup({ signedIn: false });
    connection.open();
    expect(connection.sent).toEqual([]);
    expect(status.get().message).toBe('');
  });

  it('stores an OK reply as list, id map and productCategories, then says Ready.', () => {
    const { connection, status, categories, settings } = setup({ signedIn: true });
    connection.open();
    connection.deliver(Topic.incomingMessages, categoriesReply());
    expect(categories.get().list).toEqual([TOOLS]);
    expect(categories.get().byId.get(7)).toEqual(TOOLS);
    expect(settings.get('productCategories')).toEqual([TOOLS]);
    expect(status.get()).toEqual({ message: READY, submitting: false });
  });

  it('ignores a category reply whose errorCode is not 200', () => {
    const { connection, categories, status } = setup({ signedIn: true });
    connection.open();
    connection.deliver(Topic.incomingMessages, categoriesReply(500));
    expect(categories.get().list).toEqual([]);
    expect(status.get().submitting).toBe(true);
  });
});

describe('errors topic', () => {
  it("alerts and toasts the text prefixed 'Error: ' and resets the status", () => {
    const { connection, status, notifier } = setup({ signedIn: true });
    connection.open();
    connection.deliver(Topic.errors, { errorCode: 401, messageType: MessageType.ERROR, message: 'Unauthorized' });
    expect(notifier.alert).toHaveBeenCalledWith('Error: Unauthorized');
    expect(notifier.error).toHaveBeenCalledWith('Error: Unauthorized');
    expect(status.get()).toEqual({ message: READY, submitting: false });
  });
});

describe('session and connection', () => {
  it('reconnects when the token changes (login, logout) and not otherwise', () => {
    const { connection, session } = setup({ signedIn: false });
    connection.open();
    session.logout();
    expect(connection.restarts).toBe(0);
    session.login(userToken(60));
    expect(connection.restarts).toBe(1);
    session.logout();
    expect(connection.restarts).toBe(2);
  });
});
