// `npm run tls [-- --new-ca]`: what the server's own certificate authority is (issue 30), or a new one in its place.
// A new CA means every tablet and phone must be set up again, so it is made only when asked, never by a start.
import { existsSync, mkdirSync, renameSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { loadConfig } from '../config';
import { CA_CERTIFICATE_FILE, CA_KEY_FILE, createAuthority, openAuthority } from '../tls/authority';
import { certificateNames, permittedFor, reachableHosts, thisMachine } from '../tls/names';
import { TLS_FOLDER } from '../tls/settings';
import { urlHost } from '../host-header';
import { print, runCli } from './run';

const USAGE = `Usage:
  npm run tls                  show LotDesk's certificate authority: its fingerprint, what it permits, the server's names
  npm run tls -- --new-ca      replace it with a new one (the old files are kept in DATA_DIR/${TLS_FOLDER}/replaced-<time>/);
                               every device must then be set up again at http://<server>:8080/setup; restart the server`;

async function main(): Promise<number> {
  const { values } = parseArgs({ options: { 'new-ca': { type: 'boolean' }, help: { type: 'boolean', short: 'h' } } });
  if (values.help) return print(USAGE, 0);
  const config = loadConfig();
  const folder = join(config.dataDir, TLS_FOLDER);
  const names = config.tls.kind === 'auto' ? config.tls.names : [];
  const machine = thisMachine();
  if (values['new-ca']) {
    const replaced = keepOldFiles(folder);
    const authority = createAuthority(folder, permittedFor(machine, names), new Date(), machine.hostname);
    return print([
      `Made a new certificate authority in ${folder}${replaced === undefined ? '' : ` (the old one is in ${replaced})`}.`,
      `Fingerprint (SHA-256): ${authority.fingerprint}`,
      'Restart the server, then set up every tablet and phone again: open http://<server>:8080/setup on each.',
    ].join('\n'), 0);
  }
  if (config.tls.kind !== 'auto') return print(`TLS is '${config.tls.kind}': the server does not use a certificate authority of its own.`, 0);
  if (!existsSync(join(folder, CA_CERTIFICATE_FILE)) && !existsSync(join(folder, CA_KEY_FILE))) {
    return print(`No certificate authority yet in ${folder}: the server makes one when it first starts.`, 0);
  }
  const { authority } = openAuthority(folder, permittedFor(machine, names), new Date(), machine.hostname);
  const served = certificateNames(machine, names, authority.permitted);
  return print([
    `Certificate authority: ${authority.certificate.subject.replace(/\n/g, ', ')} (${folder})`,
    `Fingerprint (SHA-256): ${authority.fingerprint}`,
    `Valid until: ${authority.certificate.validTo}`,
    `Permits: ${[...authority.permitted.dnsNames, ...authority.permitted.ranges].join(', ')}`,
    `The server's certificate names: ${[...served.dnsNames, ...served.ipAddresses].join(', ')}`,
    ...(served.leftOut.length > 0 ? [`Left out (not permitted by this CA): ${served.leftOut.join(', ')}`] : []),
    `Devices set themselves up at: ${reachableHosts(machine, names, authority.permitted).map((host) => `http://${urlHost(host)}:${config.port}/setup`).join('  ')}`,
  ].join('\n'), 0);
}

/** Moves the current CA's files aside (a new CA by mistake can be undone by moving them back). */
function keepOldFiles(folder: string): string | undefined {
  const present = [CA_CERTIFICATE_FILE, CA_KEY_FILE].filter((file) => existsSync(join(folder, file)));
  if (present.length === 0) return undefined;
  const aside = join(folder, `replaced-${new Date().toISOString().replace(/[:.]/g, '-')}`);
  mkdirSync(aside, { recursive: true, mode: 0o700 });
  for (const file of present) renameSync(join(folder, file), join(aside, file));
  return aside;
}

runCli(main);
