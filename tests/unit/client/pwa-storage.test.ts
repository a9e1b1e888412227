// app/pwa/storage.ts: which errors count as quota errors, and when the storage warning shows.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { checkUsage, dismissStorageWarning, isQuotaError, reportQuotaError, storageStatus } from '../../../src/app/pwa/storage';

function stubEstimate(usage: number, quota: number): void {
  vi.stubGlobal('navigator', { storage: { estimate: async () => ({ usage, quota }) } });
}

afterEach(() => {
  dismissStorageWarning();
  vi.unstubAllGlobals();
});

describe('isQuotaError', () => {
  it('knows a quota error however it arrives: DOMException, Dexie error, wrapped in inner or cause', () => {
    expect(isQuotaError(new DOMException('full', 'QuotaExceededError'))).toBe(true);
    expect(isQuotaError(Object.assign(new Error('Dexie: full'), { name: 'QuotaExceededError' }))).toBe(true);
    expect(isQuotaError(Object.assign(new Error('AbortError'), { inner: new DOMException('full', 'QuotaExceededError') }))).toBe(true);
    expect(isQuotaError(new Error('write failed', { cause: new DOMException('full', 'QuotaExceededError') }))).toBe(true);
  });

  it('leaves every other error alone', () => {
    for (const other of [new Error('boom'), new DOMException('gone', 'NotFoundError'), 'QuotaExceededError', undefined, null, 22]) {
      expect(isQuotaError(other)).toBe(false);
    }
  });

  it('stops on an error that wraps itself', () => {
    const loop: { name: string; cause?: unknown } = { name: 'Error' };
    loop.cause = loop;
    expect(isQuotaError(loop)).toBe(false);
  });
});

describe('the storage warning', () => {
  it('shows at 90 % of the quota and goes when usage drops', async () => {
    stubEstimate(899, 1000);
    await checkUsage();
    expect(storageStatus.get().warning).toBeUndefined();
    stubEstimate(900, 1000);
    await checkUsage();
    expect(storageStatus.get().warning).toEqual({ kind: 'near-quota', usage: 900, quota: 1000 });
    stubEstimate(100, 1000);
    await checkUsage();
    expect(storageStatus.get().warning).toBeUndefined();
  });

  it('keeps a reported quota error on screen even when a later check finds room', async () => {
    stubEstimate(10, 1000);
    reportQuotaError(new DOMException('The quota has been exceeded.', 'QuotaExceededError'));
    await checkUsage();
    expect(storageStatus.get().warning).toEqual({ kind: 'quota-exceeded', detail: 'The quota has been exceeded.' });
    dismissStorageWarning();
    expect(storageStatus.get().warning).toBeUndefined();
  });
});
