// /app/login: throttle by source address and account, check the password (scrypt) in the bounded pool, answer on
// loginResponse with a token. The one public handler: it runs without a token and gets no user.
import { ServerMessages } from '../../../src/protocol/messages';
import { burnPasswordCheck, verifyPassword } from '../../auth/passwords';
import { addressKey } from '../../client-address';
import { defineHandlers, only, reply } from '../handler';

const answer = (body: { jwt: string } | { message: string }) => only(reply.on('loginResponse', body));

export const sessionHandlers = defineHandlers({
  login: {
    access: 'public',
    async handle({ services, remoteAddress }, { username, password }) {
      const { users, tokens, loginThrottle, scryptPool, logger } = services;
      const address = addressKey(remoteAddress);
      // Refusals come before any work: a locked or crowding address costs no scrypt (and, once its lock is known here,
      // no query: auth/shared-throttle.ts).
      const wait = await loginThrottle.retryAfter(address, username);
      if (wait > 0) {
        logger.info({ username, address }, 'login throttled');
        return answer({ message: ServerMessages.loginThrottled(wait) });
      }
      const checked = await scryptPool.run(address, async () => {
        const user = await users.find(username);
        const valid = user ? await verifyPassword(password, user.passwordHash) : await burnPasswordCheck(password);
        return valid ? user : undefined;
      });
      if (checked.busy) {
        logger.warn({ username, address }, 'login refused: every password check slot is taken');
        return answer({ message: ServerMessages.loginBusy });
      }
      if (!checked.value) {
        await loginThrottle.failed(address, username);
        logger.info({ username, address }, 'login failed');
        return answer({ message: ServerMessages.invalidCredentials });
      }
      await loginThrottle.succeeded(address, username);
      return answer({ jwt: await tokens.issue(checked.value) });
    },
  },
});
