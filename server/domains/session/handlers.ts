// /app/login: check the password (scrypt), throttle repeated failures, answer on loginResponse with a token.
// The one public handler: it runs without a token and gets no user.
import { ServerMessages } from '../../../src/protocol/messages';
import { burnPasswordCheck, verifyPassword } from '../../auth/passwords';
import { defineHandlers, only, reply } from '../handler';

export const sessionHandlers = defineHandlers({
  login: {
    access: 'public',
    async handle({ services }, { username, password }) {
      const { users, tokens, loginThrottle, logger } = services;
      const wait = loginThrottle.retryAfter(username);
      if (wait > 0) {
        logger.warn({ username }, 'login throttled');
        return only(reply.on('loginResponse', { message: ServerMessages.loginThrottled(wait) }));
      }
      const user = await users.find(username);
      const valid = user ? await verifyPassword(password, user.passwordHash) : await burnPasswordCheck(password);
      if (!user || !valid) {
        loginThrottle.failed(username);
        logger.info({ username }, 'login failed');
        return only(reply.on('loginResponse', { message: ServerMessages.invalidCredentials }));
      }
      loginThrottle.succeeded(username);
      return only(reply.on('loginResponse', { jwt: await tokens.issue(user) }));
    },
  },
});
