// server/config.ts: defaults, and an invalid setting stops the start with a message naming it.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { tempFolders } from '../../support/temp-folders';
import { loadConfig, parseDuration } from '../../../server/config';
import { DEFAULT_AUCTION_FIELDS } from '../../../server/store/types';

const dataDir = tempFolders('lotdesk-config-');

describe('loadConfig', () => {
  it('uses the documented defaults', () => {
    const config = loadConfig({ DATA_DIR: dataDir() });
    expect(config).toMatchObject({ port: 8080, databaseUrl: undefined, jwtTtlSeconds: 12 * 3600, lotPrefix: 'LOT-', logLevel: 'info', adminPassword: undefined });
  });

  it('generates a JWT secret once into the data folder and reuses it on the next start', () => {
    const dir = dataDir();
    const first = loadConfig({ DATA_DIR: dir }).jwtSecret;
    expect(first.byteLength).toBeGreaterThanOrEqual(32);
    expect(loadConfig({ DATA_DIR: dir }).jwtSecret).toEqual(first);
    expect(readFileSync(join(dir, 'jwt-secret'), 'utf8').trim().length).toBeGreaterThanOrEqual(32);
  });

  it.each([
    ['PORT', 'abc', /Invalid setting PORT: expected a port number/],
    ['PORT', '70000', /Invalid setting PORT/],
    ['DATABASE_URL', 'mysql://x@y/z', /Invalid setting DATABASE_URL: expected a postgres:\/\/ URL/],
    ['JWT_SECRET', 'short', /Invalid setting JWT_SECRET: must be at least 32 bytes/],
    ['JWT_TTL', 'forever', /Invalid setting JWT_TTL/],
    ['LOT_PREFIX', 'LOT #', /Invalid setting LOT_PREFIX/],
    ['ADMIN_PASSWORD', 'abc', /Invalid setting ADMIN_PASSWORD: expected at least 8 characters/],
    ['LOG_LEVEL', 'loud', /Invalid setting LOG_LEVEL/],
    ['ALLOWED_ORIGINS', 'not a url', /Invalid setting ALLOWED_ORIGINS/],
    ['IMAGE_MAX_MEGAPIXELS', '0', /Invalid setting IMAGE_MAX_MEGAPIXELS/],
    ['IMAGE_FETCH_TIMEOUT', 'soon', /Invalid setting IMAGE_FETCH_TIMEOUT/],
    ['IMAGE_FETCH_TEST_ORIGIN', 'http://127.0.0.1', /Invalid setting IMAGE_FETCH_TEST_ORIGIN: expected 'host:port'/],
    ['BACKGROUND_REMOVER', 'magic', /Invalid setting BACKGROUND_REMOVER/],
    ['WC_URL', 'http://shop.example.com', /Invalid setting WC_URL: expected an https:\/\/ address/],
    ['WC_KEY', 'ck_only', /Invalid setting WC_URL, WC_SECRET: WooCommerce needs WC_URL, WC_KEY and WC_SECRET together/],
  ])('refuses %s=%s with a message naming the setting', (name, value, message) => {
    expect(() => loadConfig({ DATA_DIR: dataDir(), [name]: value })).toThrow(message);
  });

  it('keeps images under DATA_DIR/images, up to 50 megapixels, fetched within 10 s from public hosts only, by the classical remover', () => {
    const dir = dataDir();
    expect(loadConfig({ DATA_DIR: dir }).images).toEqual({
      folder: join(dir, 'images'), maxMegapixels: 50, processSeconds: 30, fetchTimeoutSeconds: 10, fetchTestOrigin: undefined, backgroundRemover: 'classical',
    });
    const set = loadConfig({ DATA_DIR: dir, IMAGE_FETCH_TEST_ORIGIN: '127.0.0.1:4567', BACKGROUND_REMOVER: 'module:/opt/remover.mjs' }).images;
    expect([set.fetchTestOrigin, set.backgroundRemover]).toEqual([{ host: '127.0.0.1', port: 4567 }, 'module:/opt/remover.mjs']);
  });

  it('uses the embedded store unless WC_URL, WC_KEY and WC_SECRET name a WooCommerce shop', () => {
    expect(loadConfig({ DATA_DIR: dataDir() }).store).toEqual({ kind: 'embedded' });
    const shop = { WC_URL: 'https://shop.example.com/', WC_KEY: 'ck_1', WC_SECRET: 'cs_1' };
    expect(loadConfig({ DATA_DIR: dataDir(), ...shop }).store).toEqual({
      kind: 'woocommerce', url: 'https://shop.example.com', key: 'ck_1', secret: 'cs_1', mediaLogin: undefined, auctionFields: DEFAULT_AUCTION_FIELDS,
    });
    expect(loadConfig({ DATA_DIR: dataDir(), ...shop, WP_USER: 'lotdesk', WP_APP_PASSWORD: 'abcd efgh' }).store).toMatchObject({ mediaLogin: { user: 'lotdesk', password: 'abcd efgh' } });
    expect(() => loadConfig({ DATA_DIR: dataDir(), ...shop, WP_USER: 'lotdesk' })).toThrow(/Invalid setting WP_APP_PASSWORD/);
  });

  it("takes another auction plugin's product type and meta keys, and refuses a key WordPress could not keep", () => {
    const shop = { WC_URL: 'https://shop.example.com', WC_KEY: 'ck_1', WC_SECRET: 'cs_1' };
    const plugin = { WC_AUCTION_TYPE: 'simple_auction', WC_AUCTION_PRICE_KEY: 'opening_bid', WC_AUCTION_START_KEY: 'starts', WC_AUCTION_END_KEY: 'ends' };
    expect(loadConfig({ DATA_DIR: dataDir(), ...shop, ...plugin }).store).toMatchObject({
      auctionFields: { productType: 'simple_auction', startingPriceKey: 'opening_bid', startKey: 'starts', endKey: 'ends' },
    });
    expect(() => loadConfig({ DATA_DIR: dataDir(), ...shop, WC_AUCTION_END_KEY: 'ends at' })).toThrow(/Invalid setting WC_AUCTION_END_KEY/);
  });

  it('accepts a PostgreSQL URL, a TTL in minutes and extra origins', () => {
    const config = loadConfig({ DATA_DIR: dataDir(), DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/test', JWT_TTL: '30m', ALLOWED_ORIGINS: 'https://desk.example, http://10.0.0.5:8080' });
    expect(config.databaseUrl).toBe('postgres://postgres@127.0.0.1:5432/test');
    expect(config.jwtTtlSeconds).toBe(1800);
    expect(config.allowedOrigins).toEqual(['https://desk.example', 'http://10.0.0.5:8080']);
  });
});

describe('parseDuration', () => {
  it.each([['12h', 43200], ['45m', 2700], ['90', 90], ['2d', 172800], ['0', undefined], ['1.5h', undefined], ['-1h', undefined]])('%s → %s', (text, seconds) => {
    expect(parseDuration(text)).toBe(seconds);
  });
});
