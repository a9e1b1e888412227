// /app/getDeviceSetup (issue 30): how devices on the shop's network reach this server, as the TLS listeners know it
// now. Admins only: the addresses and the certificate's fingerprint are the admins' Devices screen, not a user's.
import { ErrorCode } from '../../../src/protocol/error-codes';
import { DeviceMessages } from '../../../src/protocol/messages';
import { isAdmin } from '../../auth/tokens';
import { defineHandlers, only, refuse, reply } from '../handler';

export const deviceHandlers = defineHandlers({
  getDeviceSetup: {
    access: 'user',
    async handle({ services, user }) {
      if (!isAdmin(user)) return refuse(ErrorCode.FORBIDDEN, DeviceMessages.adminsOnly);
      return only(reply.on('deviceSetup', services.deviceSetup.facts()));
    },
  },
});
