// A test client: the real @stomp/stompjs Client over ws, with small helpers to send and await a reply on a topic.
import { Client, type IMessage, type StompHeaders } from '@stomp/stompjs';
import WebSocket from 'ws';
import { AUTHORIZATION_HEADER, bearer } from '../../src/protocol/auth';
import { Destination, type DestinationName } from '../../src/protocol/destinations';
import { Topic, type TopicName } from '../../src/protocol/topics';

export interface TestClient {
  client: Client;
  token: string | undefined;
  /** Resolves with the next message body (parsed JSON) on the topic, or rejects after `timeoutMs`. */
  next(topic: TopicName, timeoutMs?: number): Promise<unknown>;
  /** SEND (with the bearer header when signed in) and wait for the next message on `topic`. */
  request(destination: DestinationName, body: unknown, topic: TopicName, headers?: StompHeaders): Promise<unknown>;
  send(destination: DestinationName, body: unknown, headers?: StompHeaders): void;
  login(username: string, password: string): Promise<unknown>;
  close(): Promise<void>;
}

export async function connectClient(wsUrl: string, options: { token?: string; origin?: string } = {}): Promise<TestClient> {
  const queues = new Map<TopicName, IMessage[]>();
  const waiters = new Map<TopicName, Array<(m: IMessage) => void>>();
  let token = options.token;

  const client = new Client({
    webSocketFactory: () => new WebSocket(wsUrl, ['v12.stomp'], options.origin ? { headers: { Origin: options.origin } } : {}),
    connectHeaders: token ? { [AUTHORIZATION_HEADER]: bearer(token) } : {},
    reconnectDelay: 0,
    heartbeatIncoming: 0,
    heartbeatOutgoing: 0,
  });

  await new Promise<void>((resolve, reject) => {
    client.onConnect = () => resolve();
    client.onStompError = (frame) => reject(new Error(frame.headers.message ?? 'STOMP error'));
    client.onWebSocketError = () => reject(new Error('WebSocket error'));
    client.activate();
  });

  for (const name of Object.keys(Topic) as TopicName[]) {
    client.subscribe(Topic[name], (message) => {
      const waiting = waiters.get(name)?.shift();
      if (waiting) waiting(message);
      else queues.set(name, [...(queues.get(name) ?? []), message]);
    });
  }

  const parse = (message: IMessage): unknown => {
    try {
      return JSON.parse(message.body);
    } catch {
      return message.body;
    }
  };

  const next = (topic: TopicName, timeoutMs = 10_000) =>
    new Promise<unknown>((resolve, reject) => {
      const queued = queues.get(topic)?.shift();
      if (queued) return resolve(parse(queued));
      const timer = setTimeout(() => reject(new Error(`no message on ${topic} within ${timeoutMs} ms`)), timeoutMs);
      waiters.set(topic, [...(waiters.get(topic) ?? []), (message) => { clearTimeout(timer); resolve(parse(message)); }]);
    });

  const send = (destination: DestinationName, body: unknown, headers: StompHeaders = {}) =>
    client.publish({
      destination: Destination[destination],
      body: body === undefined ? '' : JSON.stringify(body),
      headers: { ...(token ? { [AUTHORIZATION_HEADER]: bearer(token) } : {}), ...headers },
    });

  return {
    client,
    get token() {
      return token;
    },
    next,
    send,
    async request(destination, body, topic, headers) {
      const reply = next(topic);
      send(destination, body, headers);
      return reply;
    },
    async login(username, password) {
      const reply = next('loginResponse', 30_000);
      send('login', { username, password });
      const response = await reply;
      if (response && typeof response === 'object' && 'jwt' in response && typeof response.jwt === 'string') token = response.jwt;
      return response;
    },
    close: () => client.deactivate(),
  };
}
