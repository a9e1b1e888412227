// /app/login: check the password (scrypt), throttle repeated failures, answer on loginResponse with a token.
import type { HandlerMap } from './types';
import { burnPasswordCheck, verifyPassword } from '../auth/passwords';
import { only, reply } from './replies';

export const INVALID_CREDENTIALS = 'Invalid credentials';

export const authHandlers: HandlerMap = {
  login: {
    access: 'public',
    async handle({ services }, { username, password }) {
      const { users, tokens, loginThrottle, logger } = services;
      const wait = loginThrottle.retryAfter(username);
      if (wait > 0) {
        logger.warn({ username }, 'login throttled');
        return only(reply.on('loginResponse', { message: `Too many failed logins. Try again in ${wait} seconds.` }));
      }
      const user = await users.find(username);
      const valid = user ? await verifyPassword(password, user.passwordHash) : await burnPasswordCheck(password);
      if (!user || !valid) {
        loginThrottle.failed(username);
        logger.info({ username }, 'login failed');
        return only(reply.on('loginResponse', { message: INVALID_CREDENTIALS }));
      }
      loginThrottle.succeeded(username);
      return only(reply.on('loginResponse', { jwt: await tokens.issue(user) }));
    },
  },
};
