// What the rest of the server knows of TLS: the device-setup facts (/setup, the Devices screen) and the CA's
// certificate (/ca.crt). Filled in by the listeners once they know their ports.
import type { DeviceSetup } from '../../src/protocol/devices';

export interface DeviceSetupSource {
  /** How devices on the shop's network reach this server, as of now (addresses come and go). */
  facts(): DeviceSetup;
  /** The certificate authority's certificate as PEM (TLS=auto); undefined otherwise. */
  caCertificatePem(): string | undefined;
}
