// The frames the server writes (CONNECTED, MESSAGE, RECEIPT, ERROR), each built in one place.
// Builders only: they must never send, and never let a caller's header displace one the spec requires.
import { emptyHeaders, type StompFrame } from './frame';

export const SERVER_NAME = 'LotDesk/1.0';
const NO_BODY = Buffer.alloc(0);

export function connectedFrame(version: string, heartBeat: { send: number; receive: number }, sessionId: string, extra: Readonly<Record<string, string>> = {}): StompFrame {
  const headers = emptyHeaders();
  Object.assign(headers, extra); // first: the spec's headers below are never displaced
  headers.version = version;
  headers['heart-beat'] = `${heartBeat.send},${heartBeat.receive}`;
  headers.server = SERVER_NAME;
  headers.session = sessionId;
  return { command: 'CONNECTED', headers, body: NO_BODY };
}

export interface MessageTarget {
  destination: string;
  subscriptionId: string;
  messageId: string;
  /** The subscription's ack mode; spec: a client-ack subscription's MESSAGE carries an `ack` header. */
  ack: string;
}

export function messageFrame(target: MessageTarget, body: string, extra: Record<string, string>): StompFrame {
  const headers = emptyHeaders();
  headers.destination = target.destination;
  headers.subscription = target.subscriptionId;
  headers['message-id'] = target.messageId;
  if (target.ack !== 'auto') headers.ack = target.messageId;
  headers['content-type'] = extra['content-type'] ?? 'application/json';
  for (const [name, value] of Object.entries(extra)) {
    // The encoder computes content-length; the required headers above are never overridden.
    if (!Object.hasOwn(headers, name) && name !== 'content-length') headers[name] = value;
  }
  return { command: 'MESSAGE', headers, body: Buffer.from(body, 'utf8') };
}

export function receiptFrame(receiptId: string): StompFrame {
  const headers = emptyHeaders();
  headers['receipt-id'] = receiptId;
  return { command: 'RECEIPT', headers, body: NO_BODY };
}

/** Short on purpose: the offending frame is never echoed back (it may be hostile or hold a token). */
export function errorFrame(message: string, receiptId: string | undefined, extra: Record<string, string> = {}): StompFrame {
  const headers = emptyHeaders();
  headers.message = message;
  if (receiptId !== undefined) headers['receipt-id'] = receiptId;
  Object.assign(headers, extra);
  headers['content-type'] = 'text/plain';
  return { command: 'ERROR', headers, body: Buffer.from(`${message}\n`, 'utf8') };
}
