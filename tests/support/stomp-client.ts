// A test client: the real @stomp/stompjs Client over ws, with small helpers to send and await a reply on a topic.
// Every message it receives is checked against the wire contract (contract-check.ts): the answer request() or
// login() takes against its destination's reply, anything else (read with next, nextMessage, answerTo or drain, or
// left unread until close or drop) as some destination's reply. A mismatch rejects that call with a ContractViolation.
import { Client, type IMessage, type StompHeaders } from '@stomp/stompjs';
import WebSocket from 'ws';
import { AUTHORIZATION_HEADER, bearer, CLIENT_MSG_ID_HEADER } from '../../src/protocol/auth';
import { Destination, type DestinationName } from '../../src/protocol/destinations';
import { checkMessage, checkReply, ContractViolation, type CheckResult } from './contract-check';
import { Topic, type TopicName } from '../../src/protocol/topics';
import { toLoopback } from './tls';

/** A MESSAGE as the test sees it: the parsed body and the frame's headers (client-msg-id among them). */
export interface ReceivedMessage {
  body: unknown;
  headers: Readonly<Record<string, string>>;
}

export interface TestClient {
  client: Client;
  token: string | undefined;
  /** The CONNECTED frame's headers. */
  readonly connectedHeaders: Readonly<Record<string, string>>;
  /** Resolves with the next message body (parsed JSON) on the topic, or rejects after `timeoutMs`. */
  next(topic: TopicName, timeoutMs?: number): Promise<unknown>;
  /** Like next, with the MESSAGE headers. */
  nextMessage(topic: TopicName, timeoutMs?: number): Promise<ReceivedMessage>;
  /** The next message on `topic` that repeats this client-msg-id; other messages stay queued. */
  answerTo(clientMsgId: string, topic: TopicName, timeoutMs?: number): Promise<ReceivedMessage>;
  /**
   * SEND (with the bearer header when signed in) and wait for the next message on `topic` — with a client-msg-id
   * header, the next one answering it, so a push arriving meanwhile is not taken for the reply.
   */
  request(destination: DestinationName, body: unknown, topic: TopicName, headers?: StompHeaders): Promise<unknown>;
  send(destination: DestinationName, body: unknown, headers?: StompHeaders): void;
  /** SEND with a `receipt` header; resolves when the server's RECEIPT for it arrives. */
  sendWithReceipt(destination: DestinationName, body: unknown, headers?: StompHeaders, timeoutMs?: number): Promise<void>;
  /** Takes every message waiting unread on the topic (none: []); rejects with a ContractViolation if one is off contract. */
  drain(topic: TopicName): ReceivedMessage[];
  login(username: string, password: string): Promise<unknown>;
  /** Cuts the socket without a DISCONNECT, as a lost network does; then checks the messages left unread. */
  drop(): Promise<void>;
  /** Disconnects; then checks the messages left unread (a ContractViolation if one is off contract). */
  close(): Promise<void>;
}

interface Waiter {
  accepts(message: IMessage): boolean;
  take(message: IMessage): void;
}

export interface ClientOptions {
  token?: string;
  origin?: string;
  /** The address the socket connects from (any of 127/8 on Linux), so one test can be several source addresses. */
  localAddress?: string;
  /** False for a benchmark: the check parses every reply with zod, which a figure of the server must not include. */
  checkContract?: boolean;
  /** wss: the CA to trust (only it), every name resolved to loopback (tests/support/tls.ts). */
  ca?: string;
  /** Further CONNECT headers (a lotdesk-protocol version). */
  connectHeaders?: Record<string, string>;
}

export async function connectClient(wsUrl: string, options: ClientOptions = {}): Promise<TestClient> {
  const queues = new Map<TopicName, IMessage[]>();
  const waiters = new Map<TopicName, Waiter[]>();
  let token = options.token;
  let receipts = 0;

  const client = new Client({
    webSocketFactory: () => new WebSocket(wsUrl, ['v12.stomp'], {
      ...(options.origin ? { headers: { Origin: options.origin } } : {}),
      ...(options.localAddress ? { localAddress: options.localAddress } : {}),
      ...(options.ca ? { ca: options.ca, lookup: toLoopback } : {}),
    }),
    connectHeaders: { ...options.connectHeaders, ...(token ? { [AUTHORIZATION_HEADER]: bearer(token) } : {}) },
    reconnectDelay: 0,
    heartbeatIncoming: 0,
    heartbeatOutgoing: 0,
  });

  let connected: Readonly<Record<string, string>> = {};
  await new Promise<void>((resolve, reject) => {
    client.onConnect = (frame) => {
      connected = frame.headers;
      resolve();
    };
    client.onStompError = (frame) => reject(new Error(frame.headers.message ?? 'STOMP error'));
    client.onWebSocketError = () => reject(new Error('WebSocket error'));
    client.activate();
  });

  // The server handles a session's frames in order: once the last SUBSCRIBE is receipted, every topic is
  // live, so a push from another session cannot slip past this one.
  const subscribed = new Promise<void>((resolve) => client.watchForReceipt('test-subscribed', () => resolve()));
  const names = Object.keys(Topic) as TopicName[];
  for (const [index, name] of names.entries()) {
    const headers: StompHeaders = index === names.length - 1 ? { receipt: 'test-subscribed' } : {};
    client.subscribe(Topic[name], (message) => {
      const waiting = waiters.get(name) ?? [];
      const index = waiting.findIndex((waiter) => waiter.accepts(message));
      if (index >= 0) waiting.splice(index, 1)[0]?.take(message);
      else queues.set(name, [...(queues.get(name) ?? []), message]);
    }, headers);
  }
  await subscribed;

  /** What the contract says of a message this client took, per how it took it. */
  type Verify = (topic: TopicName, body: unknown) => CheckResult;
  const asPush: Verify = checkMessage;
  const asReplyTo = (destination: DestinationName): Verify => (topic, body) => checkReply(destination, topic, body);
  const verified = (topic: TopicName, received: ReceivedMessage, verify: Verify): ReceivedMessage => {
    if (options.checkContract === false) return received;
    const problem = verify(topic, received.body);
    if (problem !== undefined) throw new ContractViolation(`${problem}\nheaders: ${JSON.stringify(received.headers)}`);
    return received;
  };
  /** Every message still unread, checked as pushes: called once the client is gone. */
  const checkUnread = () => {
    if (options.checkContract === false) return;
    const problems = [...queues].flatMap(([topic, queue]) =>
      queue.splice(0).map(parse).map((received) => asPush(topic, received.body)).filter((problem) => problem !== undefined));
    if (problems.length > 0) throw new ContractViolation(`left unread, off contract:\n${problems.join('\n\n')}`);
  };

  const parse = (message: IMessage): ReceivedMessage => {
    let body: unknown;
    try {
      body = JSON.parse(message.body);
    } catch {
      body = message.body;
    }
    return { body, headers: { ...message.headers } };
  };

  /** The first queued message on `topic` that `accepts`, else the first one to arrive. */
  const take = (topic: TopicName, accepts: (message: IMessage) => boolean, timeoutMs: number, verify: Verify = asPush) =>
    new Promise<ReceivedMessage>((resolve, reject) => {
      const settle = (message: IMessage) => {
        try {
          resolve(verified(topic, parse(message), verify));
        } catch (error) {
          reject(error instanceof Error ? error : new Error(String(error)));
        }
      };
      const queue = queues.get(topic) ?? [];
      const index = queue.findIndex(accepts);
      const queued = index >= 0 ? queue.splice(index, 1)[0] : undefined;
      if (queued) return settle(queued);
      const timer = setTimeout(() => reject(new Error(`no message on ${topic} within ${timeoutMs} ms`)), timeoutMs);
      const waiter: Waiter = { accepts, take: (message) => { clearTimeout(timer); settle(message); } };
      waiters.set(topic, [...(waiters.get(topic) ?? []), waiter]);
    });
  const nextMessage = (topic: TopicName, timeoutMs = 10_000, verify?: Verify) => take(topic, () => true, timeoutMs, verify);
  const answerTo = (clientMsgId: string, topic: TopicName, timeoutMs = 10_000, verify?: Verify) =>
    take(topic, (message) => message.headers[CLIENT_MSG_ID_HEADER] === clientMsgId, timeoutMs, verify);
  const next = async (topic: TopicName, timeoutMs?: number) => (await nextMessage(topic, timeoutMs)).body;

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
    connectedHeaders: connected,
    next,
    nextMessage: (topic, timeoutMs) => nextMessage(topic, timeoutMs),
    answerTo: (clientMsgId, topic, timeoutMs) => answerTo(clientMsgId, topic, timeoutMs),
    send,
    sendWithReceipt(destination, body, headers = {}, timeoutMs = 10_000) {
      receipts += 1;
      const receipt = `test-receipt-${receipts}`;
      const received = new Promise<void>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`no RECEIPT for ${destination} within ${timeoutMs} ms`)), timeoutMs);
        client.watchForReceipt(receipt, () => { clearTimeout(timer); resolve(); });
      });
      send(destination, body, { ...headers, receipt });
      return received;
    },
    drain: (topic) => (queues.get(topic)?.splice(0) ?? []).map(parse).map((received) => verified(topic, received, asPush)),
    async request(destination, body, topic, headers = {}) {
      const clientMsgId = headers[CLIENT_MSG_ID_HEADER];
      const verify = asReplyTo(destination);
      const reply = clientMsgId === undefined ? nextMessage(topic, undefined, verify) : answerTo(clientMsgId, topic, undefined, verify);
      send(destination, body, headers);
      return (await reply).body;
    },
    async login(username, password) {
      const reply = nextMessage('loginResponse', 30_000, asReplyTo('login'));
      send('login', { username, password });
      const response = (await reply).body;
      if (response && typeof response === 'object' && 'jwt' in response && typeof response.jwt === 'string') token = response.jwt;
      return response;
    },
    async drop() {
      client.forceDisconnect();
      await client.deactivate();
      checkUnread();
    },
    async close() {
      await client.deactivate();
      checkUnread();
    },
  };
}
