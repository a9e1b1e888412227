// Shared client state (spec §4, §8): categories and lots fetched when authenticated and connected, the errors
// topic, and the reconnect that follows a token change.
import { describe, expect, it, onTestFinished } from 'vitest';
import { Destination } from '../../../src/protocol/destinations';
import { DEFAULT_LOTS_FILTER } from '../../../src/protocol/lots';
import { MessageType } from '../../../src/protocol/message-types';
import { Topic } from '../../../src/protocol/topics';
import { FETCHING_CATEGORIES } from '../../../src/sync/categories';
import { READY } from '../../../src/sync/status';
import { createHarness } from './support/sync-harness';
import { userToken } from './support/tokens';

const TOOLS = { id: 7, name: 'Tools', parent: 0 };
const categoriesReply = (errorCode = 200, data: unknown = [TOOLS]) => ({
  errorCode,
  messageType: MessageType.WOOCOMMERCE_CATEGORIES,
  data,
});

function setup({ signedIn }: { signedIn: boolean }) {
  const harness = createHarness({ signedIn });
  onTestFinished(harness.unlink);
  return harness;
}

describe('/app/getWoocommerceCategories', () => {
  it('is requested on connect when signed in, busy with the spec text, with the lots of the saved filter', () => {
    const { connection, status } = setup({ signedIn: true });
    expect(status.get()).toEqual({ message: '', submitting: false });
    connection.open();
    expect(connection.sent).toEqual([
      { destination: Destination.getWoocommerceCategories, body: undefined },
      { destination: Destination.getLots, body: DEFAULT_LOTS_FILTER },
    ]);
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

  it('keeps no categories from a reply whose errorCode is not 200, and shows its message', () => {
    const { connection, categories, status, notifier } = setup({ signedIn: true });
    connection.open();
    connection.deliver(Topic.incomingMessages, { ...categoriesReply(500), message: 'Store unreachable' });
    expect(categories.get().list).toEqual([]);
    expect(notifier.error).toHaveBeenCalledWith('Store unreachable');
    expect(status.get()).toEqual({ message: READY, submitting: false });
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
