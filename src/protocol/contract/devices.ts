// Contract rows for setting up devices (issue 30, not in the spec): how tablets and phones on the shop's network
// reach this server, for the admins' Devices screen.
import type { DestinationName } from '../destinations';
import { DeviceSetupSchema } from '../devices';
import { DeviceMessages } from '../messages/devices';
import { type ContractEntry, NoBody, topicReply } from './shared';

export const devicesContract = {
  getDeviceSetup: {
    kind: 'query',
    summary: "Not in the spec (issue 30): how devices on the shop network reach this server, for the admins' Devices screen.",
    payload: NoBody,
    reply: topicReply('deviceSetup', DeviceSetupSchema,
      'As of now (addresses come and go): the TLS mode, the plain HTTP port a new device opens `http://{host}:{httpPort}/setup` on, ' +
      'the HTTPS port the app is used on (absent with TLS=off), the host names and addresses other devices reach the server by ' +
      "(no loopback; an IPv6 one without brackets), best first, and with TLS=auto the certificate authority's SHA-256 fingerprint " +
      `('AB:CD:…'). Admins only: a user is answered FORBIDDEN "${DeviceMessages.adminsOnly}".`),
    errors: ['FORBIDDEN'],
  },
} satisfies Partial<Record<DestinationName, ContractEntry>>;
