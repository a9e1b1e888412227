// server/images/url-fetch.ts, save-image-by-URL's fetch (spec §7 /app/saveImageByUrl, issue 14): hostile address
// forms refused before any connection, then real image hosts on 127.0.0.1 — reachable only because each test names
// that exact origin in allowedTestOrigin — for redirects, limits, slow bodies and sniffing.
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ImageMessages, UrlFetchMessages } from '../../src/protocol/messages';
import { type HostLookup, type UrlFetchOptions, UrlFetchRefused, fetchPublicImage } from '../../server/images/url-fetch';
import { type ImageHost, type Route, redirectTo, startImageHost, trickle, writeForever } from '../support/image-host';

const MIB = 1024 * 1024;
const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
/** A stand-in for the lead's sniffer: PNG only. */
const acceptPng = (head: Buffer, fileName: string): string | undefined =>
  head.subarray(0, PNG_SIGNATURE.length).equals(PNG_SIGNATURE) ? undefined : ImageMessages.notImage(fileName);

/** Names for the tests; any other name is not found, so no test ever asks real DNS. */
const NAMES: Readonly<Record<string, readonly string[]>> = {
  'private.test': ['10.0.0.1'],
  'mixed.test': ['93.184.216.34', '10.0.0.1'],
  'mixed6.test': ['93.184.216.34', 'fd00::1'],
  'loop.test': ['127.0.0.1'],
};
const testLookup: HostLookup = async (host) => {
  const addresses = NAMES[host];
  if (addresses === undefined) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${host}`), { code: 'ENOTFOUND' });
  return addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
};

async function refusal(url: string, options: UrlFetchOptions): Promise<UrlFetchRefused> {
  const error: unknown = await fetchPublicImage(url, options).then(
    (image) => new Error(`fetched ${image.finalUrl}`),
    (thrown: unknown) => thrown,
  );
  if (!(error instanceof UrlFetchRefused)) throw error;
  return error;
}

let png: Buffer;
let host: ImageHost;
let other: ImageHost;

beforeAll(async () => {
  png = await sharp({ create: { width: 16, height: 16, channels: 3, background: '#c03' } }).png().toBuffer();
  other = await startImageHost({ '/photo.png': (_request, response) => response.end(png) });
  const sendPng: Route = (_request, response) => {
    response.writeHead(200, { 'content-type': 'image/png' }).end(png);
  };
  host = await startImageHost({
    '/photo.png': sendPng,
    '/': sendPng,
    '/r1': redirectTo('/photo.png'),
    '/r2': redirectTo('r1', 301),
    '/r3': redirectTo('/r2', 307),
    '/r4': redirectTo('/r3', 308),
    '/to-other-port': (request, response, self) => redirectTo(`http://127.0.0.1:${other.port}/photo.png`)(request, response, self),
    '/to-localhost': (request, response, self) => redirectTo(`http://localhost:${self.port}/photo.png`)(request, response, self),
    '/to-metadata': redirectTo('http://169.254.169.254/latest/meta-data/'),
    '/to-file': redirectTo('file:///etc/passwd'),
    '/declared-big.png': (_request, response) => {
      response.writeHead(200, { 'content-type': 'image/png', 'content-length': String(2 * MIB) });
      response.write(png.subarray(0, 32)); // then nothing: only the header can have refused it
    },
    '/endless.png': (_request, response) => {
      response.writeHead(200, { 'content-type': 'image/png' });
      writeForever(response, Buffer.concat([png, Buffer.alloc(64 * 1024 - png.length)]));
    },
    '/slow.png': (_request, response) => {
      response.writeHead(200, { 'content-type': 'image/png' });
      response.write(png.subarray(0, 64));
      trickle(response, 20);
    },
    '/silent.png': () => undefined, // never answers
    '/cat.jpg': (_request, response) => {
      response.writeHead(200, { 'content-type': 'text/html' });
      response.write(`<!doctype html><html><head><title>A cat</title></head><body>${'<p>cat</p>'.repeat(20)}`);
      // the rest never comes: a fetch that waited for it would time out instead
    },
    '/empty.png': (_request, response) => response.writeHead(200, { 'content-type': 'image/png' }).end(),
    '/down.png': (_request, response) => response.writeHead(503).end('try later'),
  });
});

afterAll(async () => {
  await host?.stop();
  await other?.stop();
});

const allowed = (): UrlFetchOptions => ({ allowedTestOrigin: { host: '127.0.0.1', port: host.port }, lookup: testLookup, timeoutMs: 5000 });

describe('/app/saveImageByUrl: hostile address forms', () => {
  const notPublic = UrlFetchMessages.notPublic;
  const HOSTILE: readonly (readonly [string, string])[] = [
    ['http://2130706433/', notPublic('127.0.0.1')],
    ['http://0177.0.0.1/', notPublic('127.0.0.1')],
    ['http://0x7f000001/', notPublic('127.0.0.1')],
    ['http://0x7f.0.0.1/', notPublic('127.0.0.1')],
    ['http://127.1/', notPublic('127.0.0.1')],
    ['http://%31%32%37.0.0.1/', notPublic('127.0.0.1')],
    ['http:\\\\127.0.0.1\\photo.png', notPublic('127.0.0.1')],
    ['http://127.0.0.1#@public.example/', notPublic('127.0.0.1')],
    ['http://[::1]/', notPublic('[::1]')],
    ['http://[::ffff:127.0.0.1]/', notPublic('[::ffff:7f00:1]')],
    ['http://[::ffff:7f00:1]/', notPublic('[::ffff:7f00:1]')],
    ['http://[64:ff9b::7f00:1]/', notPublic('[64:ff9b::7f00:1]')],
    ['http://[2002:7f00:1::1]/', notPublic('[2002:7f00:1::1]')],
    ['http://[::]/', notPublic('[::]')],
    ['http://0.0.0.0/', notPublic('0.0.0.0')],
    ['http://0/', notPublic('0.0.0.0')],
    ['http://169.254.169.254/latest/meta-data/', notPublic('169.254.169.254')],
    ['https://10.0.0.1/a.png', notPublic('10.0.0.1')],
    ['http://172.16.5.4/', notPublic('172.16.5.4')],
    ['http://192.168.1.1/', notPublic('192.168.1.1')],
    ['http://100.64.0.1/', notPublic('100.64.0.1')],
    ['http://[fe80::1]/', notPublic('[fe80::1]')],
    ['http://[fd00::1]/', notPublic('[fd00::1]')],
    ['http://224.0.0.1/', notPublic('224.0.0.1')],
    ['http://255.255.255.255/', notPublic('255.255.255.255')],
    ['http://localhost/', notPublic('localhost')],
    ['http://localhost./', notPublic('localhost.')],
    ['http://LOCALHOST:8080/', notPublic('localhost')],
    ['http://img.localhost/', notPublic('img.localhost')],
    ['http://private.test/a.png', notPublic('private.test')],
    ['http://mixed.test/a.png', notPublic('mixed.test')],
    ['http://mixed6.test/a.png', notPublic('mixed6.test')],
    ['http://unknown.test/a.png', UrlFetchMessages.unresolved('unknown.test')],
    ['http://public.example@127.0.0.1/', UrlFetchMessages.userinfo],
    ['http://user:pass@public.example/', UrlFetchMessages.userinfo],
    ['http://127.0.0.1%2f@public.example/', UrlFetchMessages.userinfo],
    ['file:///etc/passwd', UrlFetchMessages.notHttp('file')],
    ['ftp://public.example/a.png', UrlFetchMessages.notHttp('ftp')],
    ['data:image/png;base64,iVBORw0KGgo=', UrlFetchMessages.notHttp('data')],
    ['javascript:alert(1)', UrlFetchMessages.notHttp('javascript')],
    ['gopher://127.0.0.1:6379/_INFO', UrlFetchMessages.notHttp('gopher')],
    ['//public.example/a.png', UrlFetchMessages.notUrl],
    ['not an address', UrlFetchMessages.notUrl],
    ['http://[::1%25lo]/', UrlFetchMessages.notUrl],
    [`http://public.example/${'a'.repeat(3000)}.png`, UrlFetchMessages.notUrl],
  ];

  it.each(HOSTILE)('refuses %s with "%s"', async (url, message) => {
    const error = await refusal(url, { lookup: testLookup });
    expect(error.message).toBe(message);
    expect(error.code).toBe('BAD_REQUEST');
  });

  it('refuses the loopback test host itself when no test origin is allowed (the default)', async () => {
    const before = host.connections;
    const error = await refusal(`${host.origin}/photo.png`, { lookup: testLookup });
    expect(error.message).toBe(UrlFetchMessages.notPublic('127.0.0.1'));
    expect(host.connections).toBe(before);
  });

  it('refuses a name resolving to a private or loopback address without connecting', async () => {
    const before = host.connections;
    expect((await refusal(`http://private.test:${host.port}/photo.png`, allowed())).message).toBe(UrlFetchMessages.notPublic('private.test'));
    expect((await refusal(`http://loop.test:${host.port}/photo.png`, allowed())).message).toBe(UrlFetchMessages.notPublic('loop.test'));
    expect(host.connections).toBe(before);
  });
});

describe('/app/saveImageByUrl: fetching from an image host', () => {
  it('fetches a PNG, with its type, final address and file name, sniffing its first 64 bytes once', async () => {
    const heads: Buffer[] = [];
    const image = await fetchPublicImage(`${host.origin}/photo.png`, {
      ...allowed(),
      accept: (head, fileName) => {
        heads.push(Buffer.from(head));
        return acceptPng(head, fileName);
      },
    });
    expect(image.bytes.equals(png)).toBe(true);
    expect(image.contentType).toBe('image/png');
    expect(image.finalUrl).toBe(`${host.origin}/photo.png`);
    expect(image.fileName).toBe('photo.png');
    expect(heads).toEqual([png.subarray(0, 64)]);
  });

  it("names an image with no path segment 'image'", async () => {
    expect((await fetchPublicImage(`${host.origin}/`, allowed())).fileName).toBe('image');
  });

  it('follows a chain of 3 redirects, relative ones resolved against the current address', async () => {
    const image = await fetchPublicImage(`${host.origin}/r3`, { ...allowed(), accept: acceptPng });
    expect(image.finalUrl).toBe(`${host.origin}/photo.png`);
    expect(image.bytes.equals(png)).toBe(true);
  });

  it(`refuses a chain of 4 redirects with "${UrlFetchMessages.tooManyRedirects(3)}"`, async () => {
    const seen = host.requests.length;
    expect((await refusal(`${host.origin}/r4`, allowed())).message).toBe(UrlFetchMessages.tooManyRedirects(3));
    expect(host.requests.slice(seen).map((request) => request.path)).toEqual(['/r4', '/r3', '/r2', '/r1']);
  });

  it('refuses a redirect to another loopback port, to a loopback name, to the metadata address and to file:', async () => {
    expect((await refusal(`${host.origin}/to-other-port`, allowed())).message).toBe(UrlFetchMessages.notPublic('127.0.0.1'));
    expect(other.connections).toBe(0);
    expect((await refusal(`${host.origin}/to-localhost`, allowed())).message).toBe(UrlFetchMessages.notPublic('localhost'));
    expect((await refusal(`${host.origin}/to-metadata`, allowed())).message).toBe(UrlFetchMessages.notPublic('169.254.169.254'));
    expect((await refusal(`${host.origin}/to-file`, allowed())).message).toBe(UrlFetchMessages.notHttp('file'));
  });

  it('connects to the checked address only: DNS is asked once per hop (a rebinding answer is never used) and Host keeps the name', async () => {
    const asked: string[] = [];
    let answers = 0;
    const rebinding: HostLookup = async (name) => {
      asked.push(name);
      answers += 1;
      return [{ address: answers === 1 ? '127.0.0.1' : '10.0.0.1', family: 4 }];
    };
    const seen = host.requests.length;
    const image = await fetchPublicImage(`http://img.test:${host.port}/photo.png`, {
      allowedTestOrigin: { host: 'img.test', port: host.port },
      lookup: rebinding,
    });
    expect(image.bytes.equals(png)).toBe(true);
    expect(asked).toEqual(['img.test']);
    expect(host.requests.slice(seen)).toEqual([{ path: '/photo.png', host: `img.test:${host.port}` }]);
  });

  it(`refuses a body over the limit declared in Content-Length with "${ImageMessages.tooLarge('declared-big.png', MIB)}", closing the socket`, async () => {
    const error = await refusal(`${host.origin}/declared-big.png`, { ...allowed(), maxBytes: MIB });
    expect(error.message).toBe(ImageMessages.tooLarge('declared-big.png', MIB));
    await host.closed('/declared-big.png');
  });

  it(`refuses an undeclared body once it passes the limit with "${ImageMessages.tooLarge('endless.png', MIB)}", closing the socket`, async () => {
    const error = await refusal(`${host.origin}/endless.png`, { ...allowed(), maxBytes: MIB });
    expect(error.message).toBe(ImageMessages.tooLarge('endless.png', MIB));
    await host.closed('/endless.png');
  });

  it(`refuses a trickling body with "${UrlFetchMessages.timedOut(0.4)}", closing the socket`, async () => {
    const error = await refusal(`${host.origin}/slow.png`, { ...allowed(), timeoutMs: 400, accept: acceptPng });
    expect(error.message).toBe(UrlFetchMessages.timedOut(0.4));
    expect(error.code).toBe('SERVICE_UNAVAILABLE');
    await host.closed('/slow.png');
  });

  it(`refuses a host that never answers with "${UrlFetchMessages.timedOut(0.3)}"`, async () => {
    const error = await refusal(`${host.origin}/silent.png`, { ...allowed(), timeoutMs: 300 });
    expect(error.message).toBe(UrlFetchMessages.timedOut(0.3));
    expect(error.code).toBe('SERVICE_UNAVAILABLE');
    await host.closed('/silent.png');
  });

  it(`refuses HTML named like an image with "${ImageMessages.notImage('cat.jpg')}" before reading the rest`, async () => {
    const error = await refusal(`${host.origin}/cat.jpg`, { ...allowed(), accept: acceptPng });
    expect(error.message).toBe(ImageMessages.notImage('cat.jpg'));
    await host.closed('/cat.jpg');
  });

  it(`refuses an empty body with "${ImageMessages.empty('empty.png')}"`, async () => {
    expect((await refusal(`${host.origin}/empty.png`, { ...allowed(), accept: acceptPng })).message).toBe(ImageMessages.empty('empty.png'));
  });

  it(`refuses a 404 with "${UrlFetchMessages.status(404)}" and a 503 with "${UrlFetchMessages.status(503)}" (the host's fault)`, async () => {
    const missing = await refusal(`${host.origin}/missing.png`, allowed());
    expect([missing.message, missing.code]).toEqual([UrlFetchMessages.status(404), 'BAD_REQUEST']);
    const down = await refusal(`${host.origin}/down.png`, allowed());
    expect([down.message, down.code]).toEqual([UrlFetchMessages.status(503), 'SERVICE_UNAVAILABLE']);
  });

  it(`refuses a closed port with "${UrlFetchMessages.unreachable('127.0.0.1')}"`, async () => {
    const closed = await startImageHost({});
    await closed.stop();
    const error = await refusal(`${closed.origin}/photo.png`, { allowedTestOrigin: { host: '127.0.0.1', port: closed.port } });
    expect([error.message, error.code]).toEqual([UrlFetchMessages.unreachable('127.0.0.1'), 'SERVICE_UNAVAILABLE']);
  });
});
