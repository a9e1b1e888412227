// Browser-side protections on every HTTP response (DESIGN §5): a Content-Security-Policy the built PWA runs under
// unchanged, nosniff, a Referrer-Policy and a Permissions-Policy. Set when a request arrives, so a 404, an error or a
// static file carries them alike. Never decides what a response says, only how a browser may treat it.
import type { FastifyInstance, FastifyRequest } from 'fastify';

/**
 * The page's own host as the request names it (behind a proxy, X-Forwarded-Host: trustProxy is on), or undefined
 * when it is not a plain `name[:port]`: anything else could smuggle directives into the policy, and CSP has no
 * syntax for an IPv6 literal (such a page keeps 'self', which covers its socket in current browsers).
 */
function ownHost(request: FastifyRequest): string | undefined {
  const host = request.host;
  return /^[A-Za-z0-9.-]+(?::\d{1,5})?$/.test(host) ? host : undefined;
}

/**
 * The policy for a page served from `host`. The built app has no inline script or style: index.html loads
 * /assets/*.js and *.css only, and vite.config.ts gives the two libraries that probed eval or injected a <style>
 * element stand-ins that do neither (src/app/csp/).
 */
export function contentSecurityPolicy(host: string | undefined): string {
  // 'self' covers ws:/wss: of the same host in CSP 3 browsers only; older ones need the socket named.
  const socket = host ? ` ws://${host} wss://${host}` : '';
  return [
    "default-src 'self'",
    // No 'unsafe-inline', no 'unsafe-eval' (the client runs zod without its eval JIT); 'wasm-unsafe-eval' compiles
    // WebAssembly only (the barcode reader, a file of the build), it runs no string as script.
    "script-src 'self' 'wasm-unsafe-eval'",
    "style-src 'self'",
    "img-src 'self' blob: data:", // blob: for photos before upload, data: for small inline icons
    "font-src 'self'",
    `connect-src 'self'${socket}`, // the API, the STOMP socket at /ws, and the service worker's fetches
    "worker-src 'self'", // sw.js and the spreadsheet worker, both files of the build
    "manifest-src 'self'",
    // frame-src falls back to default-src 'self'. The listing preview (a later issue) is a sandboxed srcdoc
    // iframe: a srcdoc document inherits THIS policy, so that issue decides what the preview may load (add a
    // frame-src, or serve the preview from its own path with its own, stricter policy).
    "frame-ancestors 'none'", // no other site may frame the app (clickjacking)
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
  ].join('; ');
}

/** The camera for the app itself (photos, barcodes); features it never uses are denied to everyone. */
export const PERMISSIONS_POLICY = [
  'camera=(self)',
  'microphone=()',
  'geolocation=()',
  'payment=()',
  'usb=()',
  'serial=()',
  'hid=()',
  'midi=()',
  'display-capture=()',
  'accelerometer=()',
  'gyroscope=()',
  'magnetometer=()',
].join(', ');

export const SECURITY_HEADERS = {
  'x-content-type-options': 'nosniff', // a file is only ever what its Content-Type says (no script from an upload)
  'referrer-policy': 'same-origin', // links out of the app never carry its URLs (lot numbers, search terms)
  'permissions-policy': PERMISSIONS_POLICY,
} as const;

/** Registers the headers for every route, the 404 handler and the error handler: call before any route. */
export function registerSecurityHeaders(app: FastifyInstance): void {
  app.addHook('onRequest', async (request, reply) => {
    reply.headers({ ...SECURITY_HEADERS, 'content-security-policy': contentSecurityPolicy(ownHost(request)) });
  });
}
