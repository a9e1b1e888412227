// The session token rules of spec §4–§6: validity, admin, user name, login refusal, logout on a failed check.
import { describe, expect, it } from 'vitest';
import { createSession } from '../../../src/sync/session/session';
import { createMemoryStorage, createSettings, TOKEN } from '../../../src/sync/session/settings';
import { decodeClaims, isAdminToken, isTokenValid, usernameFromToken } from '../../../src/sync/session/token';
import { NOW_MS, adminToken, makeToken, nowSeconds, userToken } from './support/tokens';

describe('token validity (spec §5)', () => {
  it('accepts a token whose exp is later than now', () => {
    expect(isTokenValid(userToken(60), NOW_MS)).toBe(true);
  });

  it('rejects an expired token, and one expiring exactly now', () => {
    expect(isTokenValid(userToken(-1), NOW_MS)).toBe(false);
    expect(isTokenValid(userToken(0), NOW_MS)).toBe(false);
  });

  it('rejects garbage, a missing token and wrong part counts', () => {
    for (const token of [undefined, '', 'garbage', 'a.b', 'a.b.c', '!!!.@@@.###', `x.${btoa('not json')}.y`]) {
      expect(isTokenValid(token, NOW_MS)).toBe(false);
    }
  });

  it('rejects a token without exp or with a non-numeric exp', () => {
    expect(isTokenValid(makeToken({ sub: 'alice', roles: [] }), NOW_MS)).toBe(false);
    expect(isTokenValid(makeToken({ sub: 'alice', exp: 'tomorrow' }), NOW_MS)).toBe(false);
  });

  it('decodes base64url payloads with non-ASCII user names', () => {
    expect(decodeClaims(makeToken({ sub: 'zoë', exp: nowSeconds(60) }))?.sub).toBe('zoë');
  });
});

describe('roles and user name (spec §6)', () => {
  it('is admin only when roles contains ROLE_ADMIN', () => {
    expect(isAdminToken(adminToken())).toBe(true);
    expect(isAdminToken(userToken())).toBe(false);
    expect(isAdminToken(makeToken({ sub: 'x', exp: nowSeconds(60) }))).toBe(false);
  });

  it('is not admin when the token does not decode', () => {
    expect(isAdminToken('garbage')).toBe(false);
    expect(isAdminToken(undefined)).toBe(false);
  });

  it('reads the user name from sub', () => {
    expect(usernameFromToken(userToken(60, 'bob'))).toBe('bob');
    expect(usernameFromToken('garbage')).toBeUndefined();
  });
});

describe('session (spec §4)', () => {
  const setup = (stored?: string) => {
    const settings = createSettings(createMemoryStorage());
    if (stored !== undefined) settings.set(TOKEN, stored);
    return { settings, session: createSession(settings, () => NOW_MS) };
  };

  it('reads the user name and admin flag from the stored token at start-up', () => {
    const { session } = setup(adminToken(60, 'root'));
    expect(session.get()).toMatchObject({ username: 'root', isAdmin: true });
    expect(session.isAuthenticated()).toBe(true);
  });

  it('starts logged out without a stored token', () => {
    const { session } = setup();
    expect(session.get()).toEqual({ token: undefined, username: '', isAdmin: false });
    expect(session.isAuthenticated()).toBe(false);
  });

  it('saves the token and sets the user name on login, and notifies', () => {
    const { session, settings } = setup();
    let changes = 0;
    session.subscribe(() => (changes += 1));
    const token = userToken(60, 'carol');
    expect(session.login(token)).toBe(true);
    expect(settings.get(TOKEN)).toBe(token);
    expect(session.get()).toMatchObject({ token, username: 'carol', isAdmin: false });
    expect(changes).toBe(1);
  });

  it('refuses a token that is already expired or does not decode', () => {
    const { session, settings } = setup();
    expect(session.login(userToken(-5))).toBe(false);
    expect(session.login('garbage')).toBe(false);
    expect(settings.get(TOKEN)).toBeUndefined();
    expect(session.get().token).toBeUndefined();
  });

  it('logs out when a check finds an expired token', () => {
    const { session, settings } = setup(userToken(-5, 'dave'));
    expect(session.get().username).toBe('dave');
    expect(session.isAuthenticated()).toBe(false);
    expect(settings.get(TOKEN)).toBeUndefined();
    expect(session.get()).toEqual({ token: undefined, username: '', isAdmin: false });
  });

  it('removes the token and clears the user name on logout', () => {
    const { session, settings } = setup(userToken(60));
    session.logout();
    expect(settings.get(TOKEN)).toBeUndefined();
    expect(session.get().username).toBe('');
  });

  it('gives a header token only while valid, without logging out', () => {
    let now = NOW_MS;
    const settings = createSettings(createMemoryStorage());
    const token = userToken(60);
    settings.set(TOKEN, token);
    const session = createSession(settings, () => now);
    expect(session.currentToken()).toBe(token);
    now += 61_000;
    expect(session.currentToken()).toBeUndefined();
    expect(session.get().token).toBe(token);
  });
});
