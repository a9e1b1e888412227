// The live connection's settings (WS_* in server/config.ts) and the handshake's Host rule (server/stomp/handshake.ts).
import type { IncomingMessage } from 'node:http';
import { describe, expect, it } from 'vitest';
import { TopicName } from '../../../src/protocol/topics';
import { tempFolders } from '../../support/temp-folders';
import { loadConfig } from '../../../server/config';
import { handshakeRules, hostAllowed, transportAllowed } from '../../../server/stomp/handshake';

const dataDir = tempFolders('lotdesk-config-');

describe('WS_* settings in loadConfig', () => {
  it('uses the documented defaults', () => {
    expect(loadConfig({ DATA_DIR: dataDir() }).socketLimits).toEqual({
      maxFrameBytes: 4 * 1024 * 1024,
      anonymousMaxFrameBytes: 16 * 1024,
      authTimeoutMs: 10_000,
      partialFrameTimeoutMs: 60_000,
      maxSilenceMs: 60_000,
      maxSubscriptionsPerSession: 100,
      maxSessionsPerUser: 100,
      maxSockets: 1_000,
      maxSocketsPerAddress: 200,
    });
  });

  it('takes byte counts, durations and whole numbers', () => {
    const limits = loadConfig({
      DATA_DIR: dataDir(), WS_MAX_FRAME_BYTES: '1048576', WS_ANONYMOUS_FRAME_BYTES: '8192', WS_SIGN_IN_TIMEOUT: '5s',
      WS_FRAME_TIMEOUT: '2m', WS_MAX_SILENCE: '90', WS_MAX_SUBSCRIPTIONS: String(TopicName.length), WS_MAX_SESSIONS_PER_USER: '1',
      WS_MAX_SOCKETS: '50', WS_MAX_SOCKETS_PER_ADDRESS: '10',
    }).socketLimits;
    expect(limits).toEqual({
      maxFrameBytes: 1_048_576, anonymousMaxFrameBytes: 8_192, authTimeoutMs: 5_000, partialFrameTimeoutMs: 120_000,
      maxSilenceMs: 90_000, maxSubscriptionsPerSession: TopicName.length, maxSessionsPerUser: 1, maxSockets: 50, maxSocketsPerAddress: 10,
    });
  });

  it.each([
    ['WS_MAX_FRAME_BYTES', '100', /at least 1024/],
    ['WS_ANONYMOUS_FRAME_BYTES', '16k', /a number of bytes/],
    ['WS_SIGN_IN_TIMEOUT', '0', /a duration/],
    ['WS_FRAME_TIMEOUT', 'soon', /a duration/],
    ['WS_MAX_SILENCE', '-1', /a duration/],
    ['WS_MAX_SILENCE', '2d', /up to 1d/],
    ['WS_MAX_SUBSCRIPTIONS', String(TopicName.length - 1), new RegExp(`at least ${TopicName.length}`)], // the app may subscribe to every topic
    ['WS_MAX_SESSIONS_PER_USER', '0', /at least 1/],
    ['WS_MAX_SOCKETS', '1.5', /a whole number/],
    ['WS_MAX_SOCKETS_PER_ADDRESS', '0', /at least 1/],
  ])('refuses %s=%j with a message naming the setting', (name, value, detail) => {
    expect(() => loadConfig({ DATA_DIR: dataDir(), [name]: value })).toThrow(new RegExp(`^Invalid setting ${name}: expected`));
    expect(() => loadConfig({ DATA_DIR: dataDir(), [name]: value })).toThrow(detail);
  });

  it('refuses an anonymous frame limit above the frame limit', () => {
    expect(() => loadConfig({ DATA_DIR: dataDir(), WS_MAX_FRAME_BYTES: '8192', WS_ANONYMOUS_FRAME_BYTES: '16384' }))
      .toThrow('Invalid setting WS_ANONYMOUS_FRAME_BYTES: must not exceed WS_MAX_FRAME_BYTES (8192)');
  });
});

describe('the handshake Host rule', () => {
  const request = (host: string | undefined) => ({ headers: host === undefined ? {} : { host } }) as IncomingMessage;
  const rules = handshakeRules(['https://desk.example.com', 'http://10.0.0.5:8080'], { machineName: 'Warehouse-PC' });

  it.each([
    '127.0.0.1:8080', '192.168.1.20:8080', '[::1]:8080', '[fe80::1]', 'localhost:5173', 'LOCALHOST', 'app.localhost:8080',
    'warehouse-pc:8080', 'warehouse-pc.local:8080', 'desk.example.com', 'Desk.Example.com.:443',
  ])('accepts %j: an address, localhost, the machine or an allowed origin', (host) => {
    expect(hostAllowed(request(host), rules)).toBe(true);
  });

  it.each([undefined, '', 'evil.example:8080', 'desk.example.com.evil.example', 'localhost.evil.example', 'warehouse-pc.evil.example'])(
    'refuses %j: a name that is none of ours (DNS rebinding), or none at all', (host) => {
      expect(hostAllowed(request(host), rules)).toBe(false);
    },
  );

  it('allows only the built-in names when no origins are configured', () => {
    const bare = handshakeRules([], { machineName: 'tablet-server.lan' });
    expect(hostAllowed(request('tablet-server.lan:8080'), bare)).toBe(true);
    expect(hostAllowed(request('desk.example.com'), bare)).toBe(false);
  });
});

describe('the handshake transport rule beside HTTPS (issue 30)', () => {
  const plain = (host: string) => ({ headers: { host }, socket: {} }) as IncomingMessage;
  const rules = handshakeRules([], { machineName: 'shop-pc', extraHosts: ['lotdesk.test'], plainOnlyOnLoopback: true });

  it.each(['127.0.0.1:8080', 'localhost:8080', '[::1]:8080'])('lets the desk at the server open a socket over plain HTTP (%s)', (host) => {
    expect(transportAllowed(plain(host), rules)).toBe(true);
  });

  it.each(['shop-pc:8080', '192.168.1.20:8080', 'lotdesk.test:8080'])('keeps a device on the Wi-Fi (%s) off plain HTTP: its token would cross the air bare', (host) => {
    expect(transportAllowed(plain(host), rules)).toBe(false);
  });

  it('allows plain HTTP to anyone with TLS off (a proxy in front ends TLS)', () => {
    expect(transportAllowed(plain('shop-pc:8080'), handshakeRules([], { machineName: 'shop-pc' }))).toBe(true);
  });

  it('believes X-Forwarded-Proto: https from a trusted proxy only (one that ended TLS in front)', () => {
    const proxied = (address: string) => ({ headers: { host: 'shop-pc:8080', 'x-forwarded-proto': 'https' }, socket: { remoteAddress: address } }) as unknown as IncomingMessage;
    const behindProxy = handshakeRules([], { machineName: 'shop-pc', plainOnlyOnLoopback: true, trustedProxies: ['10.0.0.2'] });
    expect(transportAllowed(proxied('10.0.0.2'), behindProxy)).toBe(true);
    expect(transportAllowed(proxied('192.168.1.50'), behindProxy)).toBe(false);
  });

  it('allows the TLS_NAMES as Host', () => {
    expect(hostAllowed(plain('lotdesk.test:8443'), rules)).toBe(true);
  });
});
