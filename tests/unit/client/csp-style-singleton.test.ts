// app/csp/react-style-singleton.ts, the build's stand-in for react-style-singleton (Radix Dialog's scroll lock): its
// styles reach the page as one adopted stylesheet while any dialog is open, never as a <style> element the CSP refuses.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { stylesheetSingleton } from '../../../src/app/csp/react-style-singleton';

class FakeSheet {
  cssText = '';
  replaceSync(text: string): void {
    this.cssText = text;
  }
}

function fakeDocument(): { adoptedStyleSheets: FakeSheet[]; createElement: () => never } {
  const page = {
    adoptedStyleSheets: [] as FakeSheet[],
    createElement: (): never => {
      throw new Error('a <style> element was made');
    },
  };
  vi.stubGlobal('document', page);
  vi.stubGlobal('CSSStyleSheet', FakeSheet);
  return page;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('stylesheetSingleton (the stand-in)', () => {
  it('adopts one sheet with the first user\'s styles and drops it when the last user leaves', () => {
    const page = fakeDocument();
    const lock = stylesheetSingleton();
    lock.add('body { overflow: hidden; }');
    lock.add('body { overflow: scroll; }'); // a second dialog on top: the same sheet
    expect(page.adoptedStyleSheets.map((sheet) => sheet.cssText)).toEqual(['body { overflow: hidden; }']);
    lock.remove();
    expect(page.adoptedStyleSheets).toHaveLength(1);
    lock.remove();
    expect(page.adoptedStyleSheets).toEqual([]);
  });

  it('keeps the page\'s other adopted sheets', () => {
    const page = fakeDocument();
    const other = new FakeSheet();
    page.adoptedStyleSheets = [other];
    const lock = stylesheetSingleton();
    lock.add('body { overflow: hidden; }');
    lock.remove();
    expect(page.adoptedStyleSheets).toEqual([other]);
  });

  it('does nothing where a browser cannot adopt sheets (the policy would refuse a <style> anyway)', () => {
    vi.stubGlobal('document', { createElement: () => { throw new Error('a <style> element was made'); } });
    const lock = stylesheetSingleton();
    expect(() => {
      lock.add('body { overflow: hidden; }');
      lock.remove();
    }).not.toThrow();
  });
});
