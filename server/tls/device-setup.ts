// The device-setup facts (/setup, the Devices screen) as of now: the mode, the ports the listeners really got, the
// addresses devices can use and the CA's fingerprint.
import { DeviceSetupSchema, type DeviceSetup } from '../../src/protocol/devices';
import type { Config } from '../config';
import type { Authority } from './authority';
import { reachableHosts, thisMachine } from './names';
import type { DeviceSetupSource } from './types';

export interface ListeningPorts {
  http: number;
  https: number | undefined;
}

export interface DeviceSetupParts {
  mode: DeviceSetup['mode'];
  ports: () => ListeningPorts;
  hosts: () => readonly string[];
  authority: Authority | undefined;
}

export function deviceSetupSource({ mode, ports, hosts, authority }: DeviceSetupParts): DeviceSetupSource {
  return {
    facts() {
      const { http, https } = ports();
      // Parsed, so a fact the contract cannot carry (an odd interface address) fails here, not on a screen.
      return DeviceSetupSchema.parse({
        mode,
        httpPort: http,
        ...(https === undefined ? {} : { httpsPort: https }),
        hosts: hosts().slice(0, 64),
        ...(authority === undefined ? {} : { caFingerprint: authority.fingerprint }),
      });
    },
    caCertificatePem: () => authority?.certificatePem,
  };
}

/** Before the listeners exist (and for the router run in-process): the configured ports, no CA. */
export function unlistenedDeviceSetup(config: Config): DeviceSetupSource {
  const { tls } = config;
  return deviceSetupSource({
    mode: tls.kind,
    ports: () => ({ http: config.port || 8080, https: tls.kind === 'off' ? undefined : tls.httpsPort || 8443 }),
    hosts: () => reachableHosts(thisMachine(), tls.kind === 'auto' ? tls.names : []),
    authority: undefined,
  });
}
