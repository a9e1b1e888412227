// The signed-in user (spec §4 Authentication): token in settings, user name and admin flag derived from it,
// login/logout, and the "is authenticated" check that logs out whenever it finds no or an expired token.
// Observable for React via useSyncExternalStore. It never talks to the network (login.ts does).
import { TOKEN, type Settings } from './settings';
import { createStore, type Readable } from '../store';
import { isAdminToken, isTokenValid, usernameFromToken } from './token';

export interface SessionState {
  /** The stored token, as stored: it may have expired since (the next check logs out). */
  readonly token: string | undefined;
  /** Read from the stored token at start-up and set on login (spec §4); '' when logged out. */
  readonly username: string;
  readonly isAdmin: boolean;
}

export interface Session extends Readable<SessionState> {
  /** Saves the token and sets the user name; refuses (false) a token that is invalid or already expired. */
  readonly login: (token: string) => boolean;
  /** Removes the token and clears the user name. */
  readonly logout: () => void;
  /** The spec's check: true with a valid token; with no token or an expired one it logs out and says false. */
  readonly isAuthenticated: () => boolean;
  /** The token to put in an Authorization header, when valid; no side effects (safe inside transports). */
  readonly currentToken: () => string | undefined;
}

const LOGGED_OUT: SessionState = { token: undefined, username: '', isAdmin: false };

function stateFor(token: string | undefined): SessionState {
  if (token === undefined) return LOGGED_OUT;
  const username = usernameFromToken(token);
  // Spec §8: token problems are only logged; the user sees nothing.
  if (username === undefined) console.warn('session: error decoding username from the stored token');
  return { token, username: username ?? '', isAdmin: isAdminToken(token) };
}

export function createSession(settings: Settings, now: () => number = Date.now): Session {
  const store = createStore<SessionState>(stateFor(settings.get(TOKEN)));

  const logout = (): void => {
    settings.remove(TOKEN);
    store.set(LOGGED_OUT);
  };

  return {
    get: store.get,
    subscribe: store.subscribe,
    login(token) {
      if (!isTokenValid(token, now())) {
        console.warn('session: refusing an invalid or expired token');
        return false;
      }
      settings.set(TOKEN, token);
      store.set(stateFor(token));
      return true;
    },
    logout,
    isAuthenticated() {
      if (isTokenValid(store.get().token, now())) return true;
      if (store.get() !== LOGGED_OUT) console.warn('session: invalid or expired token; logging out');
      logout();
      return false;
    },
    currentToken() {
      const { token } = store.get();
      return isTokenValid(token, now()) ? token : undefined;
    },
  };
}

