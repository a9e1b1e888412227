// A request/reply round trip through the whole server (STOMP codec, auth, router, handler, database) against
// its ceilings in the same run, with the same client and frame bytes: a raw ws echo, and the fair one (issue 18) — a
// raw ws server that runs the same store read the handler runs (the same SQL) and answers its JSON, so what remains
// between them is STOMP, authentication, validation and routing.
import { once } from 'node:events';
import { createServer } from 'node:http';
import WebSocket, { WebSocketServer } from 'ws';
import { okEnvelope } from '../src/protocol/envelope';
import { MessageType } from '../src/protocol/message-types';
import { connectClient } from '../tests/support/stomp-client';
import { ADMIN_PASSWORD, startTestServer } from '../tests/support/test-server';
import { report, sample } from './stats';
import { sized } from './size';

const ROUNDS = sized(2000, 20);
const WARMUP = sized(200, 2);

/** A raw ws client that sends one message and resolves on the next message that satisfies `done`. */
function rawClient(socket: WebSocket) {
  let pending: ((data: string) => void) | undefined;
  socket.on('message', (data) => pending?.(data.toString()));
  return (frame: string, done: (data: string) => boolean) =>
    new Promise<void>((resolve) => {
      pending = (data) => {
        if (done(data)) resolve();
      };
      socket.send(frame);
    });
}

async function open(url: string): Promise<WebSocket> {
  const socket = new WebSocket(url, ['v12.stomp']);
  await once(socket, 'open');
  return socket;
}

export async function stompRoundtrip(): Promise<void> {
  const testServer = await startTestServer();
  const login = await connectClient(testServer.wsUrl);
  await login.login('admin', ADMIN_PASSWORD);
  const token = login.token ?? '';
  await login.close();

  const server = await open(testServer.wsUrl);
  const serverRoundtrip = rawClient(server);
  await serverRoundtrip(`CONNECT\naccept-version:1.2\nhost:localhost\nheart-beat:0,0\nAuthorization:Bearer ${token}\n\n\0`, (d) => d.startsWith('CONNECTED'));
  await serverRoundtrip('SUBSCRIBE\nid:0\ndestination:/user/topics/incomingMessages\nreceipt:s\n\n\0', (d) => d.startsWith('RECEIPT'));
  const send = 'SEND\ndestination:/app/getWoocommerceCategories\ncontent-length:0\n\n\0';
  const isReply = (d: string) => d.startsWith('MESSAGE');

  const http = createServer();
  const wss = new WebSocketServer({ server: http });
  wss.on('connection', (socket, request) => {
    if (request.url === '/sql') {
      socket.on('message', () => void store.getCategories().then((categories) => socket.send(JSON.stringify(okEnvelope(MessageType.WOOCOMMERCE_CATEGORIES, categories)))));
    } else {
      socket.on('message', (data, binary) => socket.send(data, { binary }));
    }
  });
  const { store } = testServer.server.services;
  http.listen(0, '127.0.0.1');
  await once(http, 'listening');
  const address = http.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  const echo = await open(`ws://127.0.0.1:${port}`);
  const echoRoundtrip = rawClient(echo);
  const sqlEcho = await open(`ws://127.0.0.1:${port}/sql`);
  const sqlRoundtrip = rawClient(sqlEcho);

  await sample(WARMUP, () => serverRoundtrip(send, isReply));
  await sample(WARMUP, () => echoRoundtrip(send, () => true));
  await sample(WARMUP, () => sqlRoundtrip(send, () => true));
  const rows = [
    { name: 'raw ws + the same SQL (ceiling)', samples: await sample(ROUNDS, () => sqlRoundtrip(send, () => true)) },
    { name: 'raw ws echo', samples: await sample(ROUNDS, () => echoRoundtrip(send, () => true)) },
    { name: 'STOMP getWoocommerceCategories', samples: await sample(ROUNDS, () => serverRoundtrip(send, isReply)) },
  ];
  report(`STOMP round trip (${ROUNDS} sequential requests, ${testServer.kind})`, rows, 'raw ws + the same SQL (ceiling)');

  server.close();
  echo.close();
  sqlEcho.close();
  wss.close();
  http.close();
  await testServer.stop();
}
