// The plain HTTP port when the server also serves HTTPS (issue 30). A loopback Host is served everything as always
// (the desk at the server machine: a secure context without a certificate). Any other Host is a device on the Wi-Fi:
// it gets only what setting it up needs (/setup, /ca.crt, /health), and a redirect to the same path over HTTPS for
// anything else, so a bookmarked http://shop-pc:8080 lands on the secure app.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { hostnameOf, isLoopbackName, urlHost } from '../host-header';

/** What a device needs over plain HTTP before it trusts the server's certificate. */
const OPEN_PATHS = ['/setup', '/ca.crt', '/health'];

const isOpenPath = (url: string) => {
  const path = url.split('?', 1)[0] ?? '';
  return OPEN_PATHS.some((open) => path === open || path.startsWith(`${open}/`));
};

/** The HTTPS port the redirects name: the listener's real one (0 in the settings means any free port). */
export function registerPlainPortRules(app: FastifyInstance, httpsPort: () => number | undefined): void {
  app.addHook('onRequest', async (request, reply) => {
    const port = httpsPort();
    if (port === undefined || request.protocol === 'https') return;
    const name = hostnameOf(request.headers.host);
    if (name !== undefined && isLoopbackName(name)) return;
    if (isOpenPath(request.url)) return;
    if (name === undefined) return reply.code(400).type('text/plain').send('Bad Request: no Host');
    return reply.code(308).header('location', `https://${urlHost(name)}:${port}${pathOf(request)}`).send();
  });
}

/** The path and query as asked, and never a scheme-relative '//host' a Location would read as another site. */
const pathOf = (request: FastifyRequest) => `/${request.url.replace(/^\/+/, '')}`;
