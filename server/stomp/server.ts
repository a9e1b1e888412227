// Mounts the STOMP endpoint on an http.Server: upgrade routing, the Origin check, sub-protocols, the session set.
// It must never parse frames or call the application (sessions do), and never close the http server it was given.
import type { IncomingMessage, Server } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocketServer } from 'ws';
import { Session } from './session';
import {
  DEFAULT_HEART_BEAT, DEFAULT_LIMITS, type StompServer, type StompServerOptions, type StompSession,
} from './types';

// What stompjs offers, best first; a client offering none of them still connects (no protocol header).
const STOMP_SUBPROTOCOLS = ['v12.stomp', 'v11.stomp', 'v10.stomp'] as const;

export function attachStomp(httpServer: Server, options: StompServerOptions): StompServer {
  const { application, logger } = options;
  const path = options.path ?? '/ws';
  const limits = { ...DEFAULT_LIMITS, ...options.limits };
  const heartBeat = options.heartBeat ?? DEFAULT_HEART_BEAT;
  const allowedOrigins = new Set((options.allowedOrigins ?? []).map(normalizeOrigin));
  const sessions = new Set<Session>();
  let closing = false;

  const wss = new WebSocketServer({
    noServer: true,
    // One ws message never exceeds a frame; frames split over several messages are bounded by the parser.
    maxPayload: limits.maxFrameBytes,
    perMessageDeflate: false, // compression bombs and CPU for small JSON frames: not worth it
    handleProtocols: (offered) => STOMP_SUBPROTOCOLS.find((p) => offered.has(p)) ?? false,
  });
  wss.on('error', (err) => logger.error({ err }, 'stomp ws server error'));

  const onUpgrade = (req: IncomingMessage, socket: Duplex, head: Buffer): void => {
    // A reset during the handshake must not become an uncaught 'error'.
    socket.on('error', (err) => logger.debug({ err }, 'stomp upgrade socket error'));
    if (requestPath(req) !== path) return refuse(socket, 404, 'Not Found');
    if (closing) return refuse(socket, 503, 'Service Unavailable');
    if (!originAllowed(req, allowedOrigins)) {
      logger.warn({ origin: req.headers.origin, host: req.headers.host }, 'stomp handshake refused: origin');
      return refuse(socket, 403, 'Forbidden');
    }
    wss.handleUpgrade(req, socket, head, (ws) => {
      const session = new Session(ws, {
        application,
        logger,
        limits,
        heartBeat,
        remoteAddress: req.socket.remoteAddress,
        onClosed: (s) => sessions.delete(s),
      });
      sessions.add(session);
      logger.debug({ sessionId: session.id, protocol: ws.protocol }, 'stomp socket opened');
    });
  };
  httpServer.on('upgrade', onUpgrade);

  return {
    *sessions(): Iterable<StompSession> {
      for (const session of [...sessions]) if (session.isConnected) yield session;
    },
    async close(): Promise<void> {
      closing = true;
      httpServer.off('upgrade', onUpgrade);
      const all = [...sessions];
      for (const session of all) session.goAway();
      await Promise.all(all.map((s) => s.closed));
      for (const ws of wss.clients) ws.terminate(); // none expected: every accepted socket is a session
      await new Promise<void>((resolve) => wss.close(() => resolve()));
    },
  };
}

function requestPath(req: IncomingMessage): string {
  try {
    return new URL(req.url ?? '/', 'http://localhost').pathname;
  } catch {
    return '';
  }
}

/**
 * Browsers always send Origin on a WebSocket handshake; other clients (stompjs in Node, curl) may not, and
 * gain nothing by forging it, so no Origin is allowed. The request's own origin is accepted over http and
 * https alike because TLS is often terminated by a proxy in front of us.
 */
function originAllowed(req: IncomingMessage, allowedOrigins: ReadonlySet<string>): boolean {
  const origin = req.headers.origin;
  if (origin === undefined) return true;
  const normalized = normalizeOrigin(origin);
  if (allowedOrigins.has(normalized)) return true;
  const host = req.headers.host;
  if (host === undefined || host === '') return false;
  return normalized === normalizeOrigin(`http://${host}`) || normalized === normalizeOrigin(`https://${host}`);
}

/** `HTTPS://Example.com:443/` → `https://example.com`; anything that is not an http(s) URL stays as written. */
export function normalizeOrigin(text: string): string {
  try {
    const url = new URL(text);
    if (url.protocol === 'http:' || url.protocol === 'https:') return url.origin;
  } catch {
    // not a URL: compared verbatim below
  }
  return text;
}

function refuse(socket: Duplex, status: number, reason: string): void {
  if (!socket.writable) {
    socket.destroy();
    return;
  }
  socket.once('finish', () => socket.destroy());
  socket.end(`HTTP/1.1 ${status} ${reason}\r\nConnection: close\r\nContent-Type: text/plain\r\n` +
    `Content-Length: ${Buffer.byteLength(reason)}\r\n\r\n${reason}`);
}
