// /app/login and its loginResponse (spec §2 Login, §5): what the user sees for each kind of reply.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ClientMessages } from '../../../src/protocol/messages';
import { Destination } from '../../../src/protocol/destinations';
import { Topic } from '../../../src/protocol/topics';
import { INVALID_CREDENTIALS, INVALID_TOKEN, LOGIN_ANSWER_MS, createLogin, interpretLoginResponse } from '../../../src/sync/session/login';
import { createSession } from '../../../src/sync/session/session';
import { createMemoryStorage, createSettings } from '../../../src/sync/session/settings';
import { createFakeConnection } from './support/fake-connection';
import { NOW_MS, adminToken, userToken } from './support/tokens';

describe('interpretLoginResponse', () => {
  it('accepts a valid token', () => {
    const token = userToken(60);
    expect(interpretLoginResponse({ jwt: token }, NOW_MS)).toEqual({ token });
  });

  it("says 'Invalid credentials or token' for a token that fails the check", () => {
    expect(interpretLoginResponse({ jwt: userToken(-1) }, NOW_MS)).toEqual({ error: INVALID_TOKEN });
    expect(interpretLoginResponse({ jwt: 'garbage' }, NOW_MS)).toEqual({ error: INVALID_TOKEN });
  });

  it("shows the reply's message, or 'Invalid credentials' without one", () => {
    expect(interpretLoginResponse({ message: 'Too many attempts' }, NOW_MS)).toEqual({ error: 'Too many attempts' });
    expect(interpretLoginResponse({ message: '' }, NOW_MS)).toEqual({ error: INVALID_CREDENTIALS });
    expect(interpretLoginResponse({}, NOW_MS)).toEqual({ error: INVALID_CREDENTIALS });
    expect(interpretLoginResponse('nonsense', NOW_MS)).toEqual({ error: INVALID_CREDENTIALS });
  });
});

describe('/app/login', () => {
  const setup = () => {
    const connection = createFakeConnection();
    const session = createSession(createSettings(createMemoryStorage()), () => NOW_MS);
    const login = createLogin(connection, session, () => NOW_MS);
    login.start();
    connection.open();
    return { connection, session, login };
  };

  it('sends the credentials and signs in on a valid token', () => {
    const { connection, session, login } = setup();
    expect(login.submit({ username: 'admin', password: 'pw' })).toBe(true);
    expect(connection.sent).toEqual([{ destination: Destination.login, body: { username: 'admin', password: 'pw' } }]);
    expect(login.get().pending).toBe(true);
    connection.deliver(Topic.loginResponse, { jwt: adminToken(60) });
    expect(session.get()).toMatchObject({ username: 'admin', isAdmin: true });
    expect(login.get()).toEqual({ pending: false, error: '' });
  });

  it('shows the error and stays signed out on a refusal', () => {
    const { connection, session, login } = setup();
    login.submit({ username: 'admin', password: 'wrong' });
    connection.deliver(Topic.loginResponse, { message: 'Invalid credentials' });
    expect(login.get()).toEqual({ pending: false, error: 'Invalid credentials' });
    expect(session.get().token).toBeUndefined();
  });

  it('sends nothing while disconnected', () => {
    const { connection, login } = setup();
    connection.close();
    expect(login.submit({ username: 'a', password: 'b' })).toBe(false);
    expect(connection.sent).toEqual([]);
  });

  it('sends a sign-in whose connection dropped before the answer again once the connection is back, once', () => {
    const { connection, session, login } = setup();
    login.submit({ username: 'a', password: 'b' });
    connection.close(); // that answer can never come
    expect(login.get().pending).toBe(true); // the press is not forgotten
    connection.open();
    connection.open(); // a second 'ready' sends nothing more
    expect(connection.sent.map(({ body }) => body)).toEqual([{ username: 'a', password: 'b' }, { username: 'a', password: 'b' }]);
    connection.deliver(Topic.loginResponse, { jwt: adminToken(60) });
    expect(session.get().token).toBeDefined();
    expect(login.get()).toEqual({ pending: false, error: '' });
  });

  describe('a login the server never answers (a socket dead without a close)', () => {
    afterEach(() => void vi.useRealTimers());

    it(`says "${ClientMessages.loginNoAnswer}" after LOGIN_ANSWER_MS and opens the connection afresh`, () => {
      vi.useFakeTimers();
      const { connection, login } = setup();
      login.submit({ username: 'admin', password: 'pw' });
      vi.advanceTimersByTime(LOGIN_ANSWER_MS - 1);
      expect(login.get()).toEqual({ pending: true, error: '' });
      expect(connection.restarts).toBe(0);
      vi.advanceTimersByTime(1);
      expect(login.get()).toEqual({ pending: false, error: ClientMessages.loginNoAnswer });
      expect(connection.restarts).toBe(1);
    });

    it('says nothing more once the reply came in time', () => {
      vi.useFakeTimers();
      const { connection, session, login } = setup();
      login.submit({ username: 'admin', password: 'pw' });
      connection.deliver(Topic.loginResponse, { jwt: adminToken(60) });
      vi.advanceTimersByTime(LOGIN_ANSWER_MS * 2);
      expect(session.get().username).toBe('admin');
      expect(login.get()).toEqual({ pending: false, error: '' });
      expect(connection.restarts).toBe(0);
    });
  });
});
