// Talking to the server's HTTPS listener as a device would: under a DNS name that resolves to loopback (the only
// network here), trusting exactly the CA the test hands over, and seeing the certificate the server presented.
import { X509Certificate } from 'node:crypto';
import { isIP, type LookupFunction } from 'node:net';
import { request } from 'node:https';
import { checkServerIdentity, connect } from 'node:tls';

/** Every name resolves to 127.0.0.1, as `--host-resolver-rules="MAP lotdesk.test 127.0.0.1"` does for Chromium. */
export const toLoopback: LookupFunction = (_host, options, callback) => {
  if (options.all) (callback as (error: null, addresses: Array<{ address: string; family: number }>) => void)(null, [{ address: '127.0.0.1', family: 4 }]);
  else callback(null, '127.0.0.1', 4);
};

export interface Handshake {
  /** True when the certificate chains to `ca` and names `servername`. */
  authorized: boolean;
  /** Why not, as OpenSSL says it ('ERR_TLS_CERT_ALTNAME_INVALID', 'PERMITTED_SUBTREE_VIOLATION', …). */
  error: string | undefined;
  certificate: X509Certificate;
}

/** A TLS handshake with `port` on loopback for `servername`, trusting `ca` only; never throws on an untrusted peer. */
export function handshake(port: number, servername: string, ca: string): Promise<Handshake> {
  return new Promise((resolve, reject) => {
    // SNI carries names only (RFC 6066): an address is checked against the certificate's IP entries all the same.
    const socket = connect({ host: '127.0.0.1', port, ...(isIP(servername) === 0 ? { servername } : {}), ca, rejectUnauthorized: false }, () => {
      const peer = socket.getPeerCertificate();
      const error = socket.authorizationError === null ? undefined : String(socket.authorizationError);
      // authorized covers the chain; the name is checked apart (tls.checkServerIdentity, as https does).
      const nameError = (checkServerIdentity(servername, peer) as NodeJS.ErrnoException | undefined)?.code;
      socket.end();
      resolve({ authorized: socket.authorized && nameError === undefined, error: error ?? nameError, certificate: new X509Certificate(peer.raw) });
    });
    socket.once('error', reject);
  });
}

export interface HttpsAnswer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/** GET `https://<name>:<port><path>` with `name` resolved to loopback, trusting `ca` only. */
export function httpsGet(url: string, ca: string, headers: Record<string, string> = {}): Promise<HttpsAnswer> {
  return new Promise((resolve, reject) => {
    const req = request(url, { ca, lookup: toLoopback, headers }, (response) => {
      let body = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (body += chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body }));
    });
    req.once('error', reject);
    req.end();
  });
}
