// settings.ts: typed JSON values in local storage; unreadable stored data counts as absent.
import { describe, expect, it } from 'vitest';
import { PRODUCT_CATEGORIES } from '../../../src/domains/categories';
import { createMemoryStorage, createSettings, hiddenColumns, setHiddenColumns, TOKEN } from '../../../src/sync/session/settings';

describe('settings', () => {
  it('keeps the token as its bare text and other values as JSON, under the spec keys', () => {
    const storage = createMemoryStorage();
    const settings = createSettings(storage);
    settings.set(TOKEN, 'a.b.c');
    settings.set(PRODUCT_CATEGORIES, [{ id: 5, name: 'Tools', parent: 0 }]);
    expect(storage.getItem('token')).toBe('a.b.c');
    expect(storage.getItem('productCategories')).toBe('[{"id":5,"name":"Tools","parent":0}]');
    expect(settings.get(TOKEN)).toBe('a.b.c');
    expect(settings.get(PRODUCT_CATEGORIES)).toEqual([{ id: 5, name: 'Tools', parent: 0 }]);
  });

  it('treats a missing key as absent', () => {
    expect(createSettings(createMemoryStorage()).get(TOKEN)).toBeUndefined();
  });

  it('treats stored text that is not JSON, or a token that is not three dot-separated parts, as absent', () => {
    const storage = createMemoryStorage();
    storage.setItem('productCategories', '[{"id":1,');
    storage.setItem('token', 'not a token at all');
    const settings = createSettings(storage);
    expect(settings.get(PRODUCT_CATEGORIES)).toBeUndefined();
    expect(settings.get(TOKEN)).toBeUndefined();
  });

  it('treats JSON that fails the schema as absent', () => {
    const storage = createMemoryStorage();
    storage.setItem('productCategories', JSON.stringify([{ id: 'one', name: 'Tools' }]));
    storage.setItem('token', JSON.stringify(42));
    const settings = createSettings(storage);
    expect(settings.get(PRODUCT_CATEGORIES)).toBeUndefined();
    expect(settings.get(TOKEN)).toBeUndefined();
  });

  it('removes a key', () => {
    const storage = createMemoryStorage();
    const settings = createSettings(storage);
    settings.set(TOKEN, 'x');
    settings.remove(TOKEN);
    expect(storage.getItem('token')).toBeNull();
  });

  it("remembers each table's hidden columns on the device, apart from the other tables'", () => {
    const storage = createMemoryStorage();
    setHiddenColumns(createSettings(storage), 'lots', ['category', 'auction']);
    setHiddenColumns(createSettings(storage), 'items', ['color']);
    // A reload: a new settings object over the same storage.
    const reloaded = createSettings(storage);
    expect(hiddenColumns(reloaded, 'lots')).toEqual(['category', 'auction']);
    expect(hiddenColumns(reloaded, 'items')).toEqual(['color']);
    expect(hiddenColumns(reloaded, 'upcs')).toEqual([]);
    setHiddenColumns(reloaded, 'lots', []);
    expect(hiddenColumns(createSettings(storage), 'lots')).toEqual([]);
    expect(hiddenColumns(createSettings(storage), 'items')).toEqual(['color']);
  });

  it('shows every column when the stored choice is unreadable', () => {
    const storage = createMemoryStorage();
    storage.setItem('tableColumns', JSON.stringify({ lots: 'category' }));
    expect(hiddenColumns(createSettings(storage), 'lots')).toEqual([]);
  });
});
