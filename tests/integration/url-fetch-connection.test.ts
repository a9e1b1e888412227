// server/images/url-fetch.ts: what the pinned connection keeps of the name (TLS SNI), and a lookup that outlasts
// the fetch's time limit. The checks themselves are in url-fetch.test.ts.
import { createServer, type Server } from 'node:https';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UrlFetchMessages } from '../../src/protocol/messages';
import { UrlFetchRefused, fetchPublicImage } from '../../server/images/url-fetch';
import { IMG_TEST_CERT, IMG_TEST_KEY } from '../support/img-test-cert';

let server: Server;
let port: number;
const serverNames: string[] = [];

beforeAll(async () => {
  server = createServer({
    key: IMG_TEST_KEY,
    cert: IMG_TEST_CERT,
    SNICallback: (name, done) => {
      serverNames.push(name);
      done(null);
    },
  }, (_request, response) => response.end('never reached: the certificate is not trusted'));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  ({ port } = server.address() as AddressInfo);
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

async function refusal(promise: Promise<unknown>): Promise<UrlFetchRefused> {
  const error: unknown = await promise.then(() => new Error('fetched'), (thrown: unknown) => thrown);
  if (!(error instanceof UrlFetchRefused)) throw error;
  return error;
}

describe('/app/saveImageByUrl: the pinned connection', () => {
  it('sends the name in TLS SNI while connecting to the checked address, and checks the certificate', async () => {
    const error = await refusal(fetchPublicImage(`https://img.test:${port}/photo.png`, {
      allowedTestOrigin: { host: 'img.test', port },
      lookup: async () => [{ address: '127.0.0.1', family: 4 }],
    }));
    expect(serverNames).toEqual(['img.test']);
    // Self-signed: the fetch refuses the host rather than trust it.
    expect([error.message, error.code]).toEqual([UrlFetchMessages.unreachable('img.test'), 'SERVICE_UNAVAILABLE']);
  });

  it(`refuses a lookup that outlasts the time limit with "${UrlFetchMessages.timedOut(0.2)}"`, async () => {
    const error = await refusal(fetchPublicImage('http://slow-dns.test/photo.png', {
      timeoutMs: 200,
      lookup: () => new Promise(() => undefined), // never answers
    }));
    expect([error.message, error.code]).toEqual([UrlFetchMessages.timedOut(0.2), 'SERVICE_UNAVAILABLE']);
  });
});
