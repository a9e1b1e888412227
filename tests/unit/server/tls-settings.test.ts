// The TLS settings (issue 30): HTTPS by default on 8443 with the server's own CA, and every half-made switch named.
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../../server/config';
import { tempFolders } from '../../support/temp-folders';

const dataDir = tempFolders('lotdesk-tls-settings-');

describe('the TLS settings', () => {
  it('default to the server being its own CA in DATA_DIR/tls, HTTPS on 8443', () => {
    const dir = dataDir();
    expect(loadConfig({ DATA_DIR: dir }).tls).toEqual({ kind: 'auto', httpsPort: 8443, folder: join(dir, 'tls'), names: [], checkEverySeconds: 30 });
  });

  it('read TLS_NAMES as lower-case names and addresses, each once', () => {
    expect(loadConfig({ DATA_DIR: dataDir(), TLS_NAMES: 'LotDesk.test, 192.168.1.20,lotdesk.test., fd00::5' }).tls).toMatchObject({ names: ['lotdesk.test', '192.168.1.20', 'fd00::5'] });
  });

  it('serve a given certificate with TLS=files', () => {
    expect(loadConfig({ DATA_DIR: dataDir(), TLS: 'files', TLS_CERT: '/etc/ssl/shop/fullchain.pem', TLS_KEY: '/etc/ssl/shop/privkey.pem', HTTPS_PORT: '443' }).tls)
      .toEqual({ kind: 'files', httpsPort: 443, certFile: '/etc/ssl/shop/fullchain.pem', keyFile: '/etc/ssl/shop/privkey.pem', checkEverySeconds: 30 });
  });

  it('are off with TLS=off', () => {
    expect(loadConfig({ DATA_DIR: dataDir(), TLS: 'off' }).tls).toEqual({ kind: 'off' });
  });

  it.each([
    [{ TLS: 'on' }, "Invalid setting TLS: expected 'auto', 'off' or 'files', got 'on'"],
    [{ TLS_NAMES: 'shop pc' }, 'Invalid setting TLS_NAMES: expected a comma-separated list of host names or IP addresses'],
    [{ TLS_NAMES: '*.lan' }, 'Invalid setting TLS_NAMES'],
    [{ TLS: 'files', TLS_CERT: '/x.pem' }, 'Invalid setting TLS_KEY: TLS=files needs TLS_CERT and TLS_KEY'],
    [{ TLS_CERT: '/x.pem', TLS_KEY: '/y.pem' }, 'Invalid setting TLS: TLS_CERT is set: say TLS=files to serve that certificate'],
    [{ TLS: 'off', TLS_NAMES: 'lotdesk.test' }, "Invalid setting TLS_NAMES: names the server's own certificate, made only with TLS=auto (TLS is 'off')"],
    [{ PORT: '9000', HTTPS_PORT: '9000' }, 'Invalid setting HTTPS_PORT: must differ from PORT (9000)'],
    [{ HTTPS_PORT: 'https' }, 'Invalid setting HTTPS_PORT: expected a port number'],
    [{ TLS_CHECK_INTERVAL: '2h' }, 'Invalid setting TLS_CHECK_INTERVAL'],
  ])('refuse %j, naming the setting', (env, message) => {
    expect(() => loadConfig({ DATA_DIR: dataDir(), ...env })).toThrow(message);
  });
});
