// The abuse-limit settings in server/config.ts: their defaults, and a bad value stops the start naming the setting.
import { describe, expect, it } from 'vitest';
import { tempFolders } from '../../support/temp-folders';
import { loadConfig } from '../../../server/config';

const dataDir = tempFolders('lotdesk-config-');

describe('login and HTTP limits in loadConfig', () => {
  it('uses the documented defaults', () => {
    const config = loadConfig({ DATA_DIR: dataDir() });
    expect(config.login).toEqual({ concurrency: 2, queue: 8, perSource: 2, failuresPerAccount: 5, failuresPerAddress: 20, accountLockAddresses: 10 });
    expect(config.httpRateLimit).toEqual({ perMinute: 600, assetsPerMinute: 6000 });
  });

  it('takes whole numbers, 0 where it means "none" or "never"', () => {
    const config = loadConfig({ DATA_DIR: dataDir(), LOGIN_QUEUE: '0', LOGIN_ACCOUNT_LOCK_ADDRESSES: '0', LOGIN_CONCURRENCY: ' 3 ', HTTP_RATE_LIMIT: '5', HTTP_ASSET_RATE_LIMIT: '50' });
    expect(config.login).toMatchObject({ queue: 0, accountLockAddresses: 0, concurrency: 3 });
    expect(config.httpRateLimit).toEqual({ perMinute: 5, assetsPerMinute: 50 });
  });

  it.each([
    ['LOGIN_CONCURRENCY', '0'],
    ['LOGIN_CONCURRENCY', '1.5'],
    ['LOGIN_QUEUE', '-1'],
    ['LOGIN_QUEUE_PER_ADDRESS', '0'],
    ['LOGIN_FAILURES_PER_ACCOUNT', 'five'],
    ['LOGIN_FAILURES_PER_ADDRESS', '0'],
    ['LOGIN_ACCOUNT_LOCK_ADDRESSES', '1e3'],
    ['HTTP_RATE_LIMIT', '0'],
    ['HTTP_ASSET_RATE_LIMIT', '0'],
    ['HTTP_RATE_LIMIT', ' '],
  ])('refuses %s=%j with a message naming the setting', (name, value) => {
    expect(() => loadConfig({ DATA_DIR: dataDir(), [name]: value })).toThrow(new RegExp(`^Invalid setting ${name}: expected a whole number`));
  });
});
