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
    ['IMAGE_STORAGE', 'cloud', /Invalid setting IMAGE_STORAGE: expected 'disk' or 's3', got 'cloud'/],
    ['IMAGE_STORAGE', 's3', /Invalid setting S3_BUCKET: IMAGE_STORAGE=s3 needs the bucket/],
    ['S3_BUCKET', 'lotdesk-images', /Invalid setting IMAGE_STORAGE: found S3_BUCKET: say IMAGE_STORAGE=s3 to keep images in S3/],
  ])('refuses %s=%s with a message naming the setting', (name, value, message) => {
    expect(() => loadConfig({ DATA_DIR: dataDir(), [name]: value })).toThrow(message);
  });

  it('keeps images under DATA_DIR/images, up to 50 megapixels, fetched within 10 s from public hosts only, by the classical remover', () => {
    const dir = dataDir();
    expect(loadConfig({ DATA_DIR: dir }).images).toEqual({
      storage: { kind: 'disk' },
      folder: join(dir, 'images'), maxMegapixels: 50, processSeconds: 30, fetchTimeoutSeconds: 10, fetchTestOrigin: undefined, backgroundRemover: 'classical',
    });
    const set = loadConfig({ DATA_DIR: dir, IMAGE_FETCH_TEST_ORIGIN: '127.0.0.1:4567', BACKGROUND_REMOVER: 'module:/opt/remover.mjs' }).images;
    expect([set.fetchTestOrigin, set.backgroundRemover]).toEqual([{ host: '127.0.0.1', port: 4567 }, 'module:/opt/remover.mjs']);
  });

  it('keeps image files on the disk unless IMAGE_STORAGE=s3 names a bucket, with AWS defaults for what is not said', () => {
    expect(loadConfig({ DATA_DIR: dataDir(), IMAGE_STORAGE: 'disk' }).images.storage).toEqual({ kind: 'disk' });
    expect(loadConfig({ DATA_DIR: dataDir(), IMAGE_STORAGE: 's3', S3_BUCKET: 'lotdesk-images' }).images.storage).toEqual({
      kind: 's3', bucket: 'lotdesk-images', region: 'us-east-1', endpoint: undefined, forcePathStyle: false, credentials: undefined, prefix: '', timeoutSeconds: 10,
    });
    const minio = {
      IMAGE_STORAGE: 's3', S3_BUCKET: 'images.shop', S3_REGION: 'eu-central-1', S3_ENDPOINT: 'http://minio.lan:9000', S3_FORCE_PATH_STYLE: 'true',
      S3_ACCESS_KEY_ID: 'AKIAEXAMPLE', S3_SECRET_ACCESS_KEY: 'wJalr/EXAMPLEKEY', S3_PREFIX: 'lotdesk/shop-1', S3_TIMEOUT: '30s',
    };
    expect(loadConfig({ DATA_DIR: dataDir(), ...minio }).images.storage).toEqual({
      kind: 's3', bucket: 'images.shop', region: 'eu-central-1', endpoint: 'http://minio.lan:9000', forcePathStyle: true,
      credentials: { accessKeyId: 'AKIAEXAMPLE', secretAccessKey: 'wJalr/EXAMPLEKEY' }, prefix: 'lotdesk/shop-1/', timeoutSeconds: 30,
    });
  });

  it.each([
    ['S3_BUCKET', 'Images_Bucket', /Invalid setting S3_BUCKET: expected a bucket name/],
    ['S3_REGION', 'EU West', /Invalid setting S3_REGION/],
    ['S3_ENDPOINT', 'ftp://minio.lan', /Invalid setting S3_ENDPOINT: expected an http\(s\):\/\/ address/],
    ['S3_FORCE_PATH_STYLE', 'yes', /Invalid setting S3_FORCE_PATH_STYLE: expected true or false/],
    ['S3_PREFIX', 'shop/../other', /Invalid setting S3_PREFIX/],
    ['S3_PREFIX', '/shop', /Invalid setting S3_PREFIX/],
    ['S3_TIMEOUT', '1h', /Invalid setting S3_TIMEOUT: expected a duration up to 5m/],
    ['S3_ACCESS_KEY_ID', 'AKIAEXAMPLE', /Invalid setting S3_SECRET_ACCESS_KEY: S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together/],
  ])('with IMAGE_STORAGE=s3, refuses %s=%s', (name, value, message) => {
    expect(() => loadConfig({ DATA_DIR: dataDir(), IMAGE_STORAGE: 's3', S3_BUCKET: 'lotdesk-images', [name]: value })).toThrow(message);
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
