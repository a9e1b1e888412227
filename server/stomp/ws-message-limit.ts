// The largest WebSocket message one socket may send, changed after the handshake. ws takes maxPayload once, from
// the server's options, and refuses a message as soon as its header declares more (before buffering any of it);
// it has no public way to change that per socket. The endpoint therefore accepts every socket with the anonymous
// limit and raises it here when the session signs in, through ws's receiver. tests/integration/stomp-memory.test.ts
// (a signed-in large frame, an anonymous one refused) fails if a ws upgrade moves that field.
import type { WebSocket } from 'ws';
import type { StompLogger } from './types';

/**
 * Raises the socket's message limit to `bytes`. When this ws version keeps it elsewhere, nothing changes (its
 * messages stay small, which the app's 16 KiB chunks fit) and the logger is told, once.
 */
export function raiseMessageLimit(ws: WebSocket, bytes: number, logger: StompLogger): void {
  const receiver: unknown = Reflect.get(ws, '_receiver');
  const found = typeof receiver === 'object' && receiver !== null && typeof Reflect.get(receiver, '_maxPayload') === 'number';
  if (found && Reflect.set(receiver, '_maxPayload', bytes)) return;
  if (!warned) logger.warn({ bytes }, 'stomp: cannot raise ws maxPayload for signed-in sessions (ws internals changed)');
  warned = true;
}

let warned = false;
