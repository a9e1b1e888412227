// Mounts the STOMP endpoint on an http.Server: upgrade routing, the Origin and Host checks (handshake.ts),
// sub-protocols, the caps on sockets and sessions (admission.ts), the session set.
// It must never parse frames or call the application (sessions do), and never close the http server it was given.
import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocketServer } from 'ws';
import { addressKey, clientAddress } from '../client-address';
import { Admission } from './admission';
import { handshakeRules, hostAllowed, originAllowed, transportAllowed } from './handshake';
import { Session } from './session';
import { turnAway } from './session-socket';
import {
  DEFAULT_HEART_BEAT, DEFAULT_LIMITS, type StompServer, type StompServerOptions, type StompSession, type UpgradeSource,
} from './types';

// What stompjs offers, best first; a client offering none of them still connects (no protocol header).
const STOMP_SUBPROTOCOLS = ['v12.stomp', 'v11.stomp', 'v10.stomp'] as const;

export function attachStomp(httpServer: UpgradeSource, options: StompServerOptions): StompServer {
  const { application, logger } = options;
  const path = options.path ?? '/ws';
  const limits = { ...DEFAULT_LIMITS, ...options.limits };
  const heartBeat = options.heartBeat ?? DEFAULT_HEART_BEAT;
  const rules = handshakeRules(options.allowedOrigins ?? [], { extraHosts: options.allowedHosts ?? [], plainOnlyOnLoopback: options.plainOnlyOnLoopback ?? false,
    trustedProxies: options.trustedProxies ?? [],
  });
  const admission = new Admission(limits);
  const trustedProxies = new Set(options.trustedProxies ?? []);
  const sessions = new Set<Session>();
  let closing = false;

  const wss = new WebSocketServer({
    noServer: true,
    // Every socket starts anonymous, so ws refuses a larger message as soon as its header announces it; a session
    // that signs in gets the full frame limit (ws-message-limit.ts). Frames split over several messages are
    // bounded by the parser.
    maxPayload: Math.min(limits.anonymousMaxFrameBytes, limits.maxFrameBytes),
    perMessageDeflate: false, // compression bombs and CPU for small JSON frames: not worth it
    handleProtocols: (offered) => STOMP_SUBPROTOCOLS.find((p) => offered.has(p)) ?? false,
  });
  wss.on('error', (err) => logger.error({ err }, 'stomp ws server error'));

  const onUpgrade = (req: IncomingMessage, socket: Duplex, head: Buffer): void => {
    // A reset during the handshake must not become an uncaught 'error'.
    socket.on('error', (err) => logger.debug({ err }, 'stomp upgrade socket error'));
    if (requestPath(req) !== path) return refuse(socket, 404, 'Not Found');
    if (closing) return refuse(socket, 503, 'Service Unavailable');
    if (!transportAllowed(req, rules)) {
      logger.warn({ host: req.headers.host }, 'stomp handshake refused: plain http from another machine (use https)');
      return refuse(socket, 403, 'Forbidden');
    }
    if (!hostAllowed(req, rules)) {
      logger.warn({ host: req.headers.host }, 'stomp handshake refused: host');
      return refuse(socket, 403, 'Forbidden');
    }
    if (!originAllowed(req, rules)) {
      logger.warn({ origin: req.headers.origin, host: req.headers.host }, 'stomp handshake refused: origin');
      return refuse(socket, 403, 'Forbidden');
    }
    wss.handleUpgrade(req, socket, head, (ws) => {
      const remoteAddress = clientAddress(req.socket.remoteAddress, req.headers['x-forwarded-for'], trustedProxies);
      const address = addressKey(remoteAddress);
      const refusal = admission.openSocket(address);
      if (refusal !== undefined) {
        logger.warn({ remoteAddress: address, reason: refusal }, 'stomp socket turned away');
        return turnAway(ws, refusal, logger);
      }
      const session = new Session(ws, {
        application,
        logger,
        limits,
        heartBeat,
        remoteAddress,
        admit: (principal) => admission.signIn(principal),
        onClosed: (s) => {
          sessions.delete(s);
          admission.closeSocket(address);
          if (s.principal !== undefined) admission.signOut(s.principal);
        },
      });
      sessions.add(session);
      logger.debug({ sessionId: session.id, protocol: ws.protocol }, 'stomp socket opened');
    });
  };
  const servers = new Set<UpgradeSource>();
  const attach = (server: UpgradeSource) => {
    servers.add(server);
    server.on('upgrade', onUpgrade);
  };
  attach(httpServer);

  return {
    attach,
    *sessions(): Iterable<StompSession> {
      for (const session of [...sessions]) if (session.isConnected) yield session;
    },
    async close(): Promise<void> {
      closing = true;
      for (const server of servers) server.off('upgrade', onUpgrade);
      const all = [...sessions];
      for (const session of all) session.goAway();
      await Promise.all(all.map((s) => s.closed));
      for (const ws of wss.clients) ws.terminate(); // turned-away sockets still closing, if any
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

function refuse(socket: Duplex, status: number, reason: string): void {
  if (!socket.writable) {
    socket.destroy();
    return;
  }
  socket.once('finish', () => socket.destroy());
  socket.end(`HTTP/1.1 ${status} ${reason}\r\nConnection: close\r\nContent-Type: text/plain\r\n` +
    `Content-Length: ${Buffer.byteLength(reason)}\r\n\r\n${reason}`);
}
