// An in-memory Connection: records what was published, delivers bodies to subscribed handlers on demand,
// and lets a test open/close the "socket". Same interface as the STOMP one.
import type { DestinationPath } from '../../../../src/protocol/destinations';
import type { TopicPath } from '../../../../src/protocol/topics';
import type { Connection, ConnectionSnapshot, MessageHandler } from '../../../../src/sync/connection';
import { createStore } from '../../../../src/sync/store';

export interface FakeConnection extends Connection {
  readonly sent: { destination: DestinationPath; body: unknown }[];
  readonly restarts: number;
  open(): void;
  close(): void;
  deliver(topic: TopicPath, body: unknown): void;
}

export function createFakeConnection(mayPublish: (destination: DestinationPath) => boolean = () => true): FakeConnection {
  const snapshot = createStore<ConnectionSnapshot>({ state: 'loading', down: false, lastError: undefined });
  const handlers = new Map<TopicPath, Set<MessageHandler>>();
  const sent: { destination: DestinationPath; body: unknown }[] = [];
  let restarts = 0;
  return {
    sent,
    get restarts() {
      return restarts;
    },
    getSnapshot: snapshot.get,
    watch: snapshot.subscribe,
    subscribe(topic, handler) {
      const set = handlers.get(topic) ?? new Set();
      set.add(handler);
      handlers.set(topic, set);
      return () => set.delete(handler);
    },
    publish(destination, body) {
      if (snapshot.get().state !== 'ready' || !mayPublish(destination)) return false;
      sent.push({ destination, body });
      return true;
    },
    start: () => undefined,
    stop: async () => undefined,
    restart: async () => {
      restarts += 1;
    },
    open: () => snapshot.set({ state: 'ready', down: false, lastError: undefined }),
    close: () => snapshot.set({ ...snapshot.get(), state: 'loading', down: true }),
    deliver(topic, body) {
      for (const handler of handlers.get(topic) ?? []) handler(body, {});
    },
  };
}
