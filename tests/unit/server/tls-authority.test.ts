// The server's own CA in DATA_DIR/tls (issue 30): made once, kept, and never replaced by itself: a missing or damaged
// file stops the start naming it, because a silent new CA would break every device already set up.
import { readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CA_CERTIFICATE_FILE, CA_KEY_FILE, createAuthority, openAuthority, TlsFileError } from '../../../server/tls/authority';
import { certificateNames, permittedFor, type Machine } from '../../../server/tls/names';
import { tempFolders } from '../../support/temp-folders';

const folder = tempFolders('lotdesk-tls-ca-');
const machine: Machine = { hostname: 'shop-pc', addresses: ['192.168.1.20'] };
const now = new Date('2026-11-29T10:00:00Z');
const open = (dir: string, tlsNames: string[] = []) => openAuthority(dir, permittedFor(machine, tlsNames), now, machine.hostname);

describe('the certificate authority', () => {
  it('is made on the first start, its key readable by the server user only', () => {
    const dir = folder();
    const { authority, created } = open(dir);
    expect(created).toBe(true);
    expect(authority.certificate.ca).toBe(true);
    expect(authority.certificate.subject).toContain('CN=LotDesk CA (shop-pc) 2026-11-29');
    expect(statSync(join(dir, CA_KEY_FILE)).mode & 0o777).toBe(0o600);
    expect(readFileSync(join(dir, CA_CERTIFICATE_FILE), 'utf8')).toBe(authority.certificatePem);
    expect(authority.fingerprint).toMatch(/^[0-9A-F]{2}(:[0-9A-F]{2}){31}$/);
  });

  it('is kept across restarts: the same CA, the same fingerprint', () => {
    const dir = folder();
    const first = open(dir).authority;
    const again = open(dir);
    expect(again.created).toBe(false);
    expect(again.authority.fingerprint).toBe(first.fingerprint);
  });

  it('keeps the TLS_NAMES it was made with; one added later is not permitted (docs/operations.md: npm run tls -- --new-ca)', () => {
    const dir = folder();
    open(dir, ['lotdesk.test']);
    const { authority } = open(dir, ['lotdesk.test', 'later.test']);
    expect(authority.permitted.dnsNames).toContain('lotdesk.test');
    expect(authority.permitted.dnsNames).not.toContain('later.test');
    expect(certificateNames(machine, ['lotdesk.test', 'later.test', 'till.lan'], authority.permitted).leftOut).toEqual(['later.test']);
  });

  describe('refuses to start, naming the file, and makes no new CA', () => {
    const damaged = (damage: (dir: string) => void, file: string, message: RegExp) => () => {
      const dir = folder();
      open(dir);
      damage(dir);
      const before = [CA_CERTIFICATE_FILE, CA_KEY_FILE].map((name) => { try { return readFileSync(join(dir, name), 'utf8'); } catch { return undefined; } });
      let error: unknown;
      try {
        open(dir);
      } catch (caught) {
        error = caught;
      }
      expect(error).toBeInstanceOf(TlsFileError);
      expect((error as TlsFileError).file).toBe(join(dir, file));
      expect((error as Error).message).toMatch(message);
      const after = [CA_CERTIFICATE_FILE, CA_KEY_FILE].map((name) => { try { return readFileSync(join(dir, name), 'utf8'); } catch { return undefined; } });
      expect(after).toEqual(before);
    };

    it('when ca.key is missing', damaged((dir) => rmSync(join(dir, CA_KEY_FILE)), CA_KEY_FILE, /missing beside ca\.crt.*npm run tls -- --new-ca/));
    it('when ca.crt is missing', damaged((dir) => rmSync(join(dir, CA_CERTIFICATE_FILE)), CA_CERTIFICATE_FILE, /missing beside ca\.key/));
    it('when ca.crt is damaged', damaged((dir) => writeFileSync(join(dir, CA_CERTIFICATE_FILE), '-----BEGIN CERTIFICATE-----\nAAAA\n'), CA_CERTIFICATE_FILE, /is not a PEM certificate/));
    it('when ca.key is damaged', damaged((dir) => writeFileSync(join(dir, CA_KEY_FILE), 'garbage'), CA_KEY_FILE, /is not a PEM private key/));
    it("when ca.key is another CA's", damaged((dir) => {
      const other = folder();
      createAuthority(other, permittedFor(machine, []), now, 'other');
      writeFileSync(join(dir, CA_KEY_FILE), readFileSync(join(other, CA_KEY_FILE)));
    }, CA_KEY_FILE, /does not belong to ca\.crt/));
  });

  it('refuses one that has expired, saying how to make a new one', () => {
    const dir = folder();
    open(dir);
    expect(() => openAuthority(dir, permittedFor(machine, []), new Date('2047-01-01T00:00:00Z'), 'shop-pc')).toThrow(/expired on .*npm run tls -- --new-ca/);
  });
});
