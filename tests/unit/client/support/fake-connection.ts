// An in-memory Connection: records what was published, delivers bodies (with headers) to subscribed handlers
// on demand, emits RECEIPTs, and lets a test open/close the "socket". Same interface as the STOMP one. A test
// may hang a fake server on `onPublish` to answer SENDs as the real one does.
import type { DestinationPath } from '../../../../src/protocol/destinations';
import type { TopicPath } from '../../../../src/protocol/topics';
import type { Connection, ConnectionSnapshot, Headers, MessageHandler } from '../../../../src/sync/transport/connection';
import { createStore } from '../../../../src/sync/store';

export interface SentFrame {
  destination: DestinationPath;
  body: unknown;
  /** Present only when the sender passed headers (so plain sends compare equal to `{destination, body}`). */
  headers?: Headers;
}

export interface FakeConnection extends Connection {
  readonly sent: SentFrame[];
  readonly restarts: number;
  /** Called for every frame actually sent. */
  onPublish: ((frame: SentFrame) => void) | undefined;
  open(): void;
  close(): void;
  /** A STOMP ERROR frame from the broker, recorded as the real connection does (its message header). */
  brokerError(message: string): void;
  deliver(topic: TopicPath, body: unknown, headers?: Headers): void;
  receipt(receiptId: string): void;
}

export function createFakeConnection(mayPublish: (destination: DestinationPath) => boolean = () => true): FakeConnection {
  const snapshot = createStore<ConnectionSnapshot>({ state: 'loading', down: false, lastError: undefined });
  const handlers = new Map<TopicPath, Set<MessageHandler>>();
  const receiptListeners = new Set<(receiptId: string) => void>();
  const sent: SentFrame[] = [];
  let restarts = 0;
  const fake: FakeConnection = {
    sent,
    get restarts() {
      return restarts;
    },
    onPublish: undefined,
    getSnapshot: snapshot.get,
    watch: snapshot.subscribe,
    subscribe(topic, handler) {
      const set = handlers.get(topic) ?? new Set();
      set.add(handler);
      handlers.set(topic, set);
      return () => set.delete(handler);
    },
    publish(destination, body, headers) {
      if (snapshot.get().state !== 'ready' || !mayPublish(destination)) return false;
      const frame: SentFrame = headers === undefined ? { destination, body } : { destination, body, headers };
      sent.push(frame);
      fake.onPublish?.(frame);
      return true;
    },
    watchReceipts(listener) {
      receiptListeners.add(listener);
      return () => void receiptListeners.delete(listener);
    },
    start: () => undefined,
    stop: async () => undefined,
    restart: async () => {
      restarts += 1;
    },
    // Opening an open socket or closing a closed one changes nothing, as with a real one.
    open: () => void (snapshot.get().state !== 'ready' && snapshot.set({ state: 'ready', down: false, lastError: undefined })),
    close: () => void (snapshot.get().state === 'ready' && snapshot.set({ ...snapshot.get(), state: 'loading', down: true })),
    brokerError: (message) => snapshot.update((current) => ({ ...current, lastError: message })),
    deliver(topic, body, headers = {}) {
      for (const handler of handlers.get(topic) ?? []) handler(body, headers);
    },
    receipt(receiptId) {
      for (const listener of [...receiptListeners]) listener(receiptId);
    },
  };
  return fake;
}
