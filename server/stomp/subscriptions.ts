// One session's subscriptions (STOMP 1.2 §SUBSCRIBE, §UNSUBSCRIBE, §MESSAGE): which subscription id listens to which
// destination with which ack mode, and the MESSAGE frames a delivery makes for them. It must never know what a
// destination means (the application does) nor write to the socket (the session does).
import type { StompFrame } from './frame';
import { messageFrame } from './server-frames';

const ACK_MODES = new Set(['auto', 'client', 'client-individual']);

export interface Subscription { id: string; destination: string; ack: string }

export class Subscriptions {
  private readonly byId = new Map<string, Omit<Subscription, 'id'>>(); // subscription id → subscription
  private messageCount = 0;

  /** `sessionId` prefixes every message-id, so ids are unique across sessions. */
  constructor(private readonly sessionId: string) {}

  /** The subscription a SUBSCRIBE's headers ask for, or why it is refused. Adds nothing. */
  read(headers: Readonly<Record<string, string>>): Subscription | { refusal: string } {
    const { id, destination } = headers;
    const ack = headers.ack ?? 'auto';
    if (id === undefined) return { refusal: 'SUBSCRIBE needs an id header' };
    if (destination === undefined) return { refusal: 'SUBSCRIBE needs a destination header' };
    if (this.byId.has(id)) return { refusal: `subscription id "${id}" is already in use` };
    if (!ACK_MODES.has(ack)) return { refusal: `unknown ack mode "${ack}"` };
    return { id, destination, ack };
  }

  get size(): number {
    return this.byId.size;
  }

  add({ id, destination, ack }: Subscription): void {
    this.byId.set(id, { destination, ack });
  }

  remove(id: string): void {
    this.byId.delete(id);
  }

  clear(): void {
    this.byId.clear();
  }

  isSubscribed(destination: string): boolean {
    for (const sub of this.byId.values()) if (sub.destination === destination) return true;
    return false;
  }

  /** Hands `send` one MESSAGE per subscription to `destination`, each with a message-id of its own; returns how many. */
  deliver(destination: string, body: string, headers: Record<string, string>, send: (frame: StompFrame) => void): number {
    let matched = 0;
    for (const [subscriptionId, sub] of this.byId) {
      if (sub.destination !== destination) continue;
      const messageId = `${this.sessionId}-${(this.messageCount += 1)}`;
      send(messageFrame({ destination, subscriptionId, messageId, ack: sub.ack }, body, headers));
      matched += 1;
    }
    return matched;
  }
}
