// The browser build's `react-style-singleton` (vite.config.ts aliases it here), the same three exports under the
// server's CSP. The original injects a <style> element, which style-src 'self' refuses: Radix Dialog's scroll lock
// (react-remove-scroll) uses it, so every dialog broke the policy. Here each sheet is a constructed stylesheet
// adopted by the document, which style-src does not govern. Nothing imports this module by name.
import { useEffect, type FC } from 'react';

interface Stylesheet {
  add(css: string): void;
  remove(): void;
}

// Safari before 16.4 has no constructed stylesheets: there the styles are skipped, as the policy would refuse a
// <style> anyway (the page behind a dialog can then scroll; nothing else changes).
const canAdopt = (): boolean =>
  typeof document !== 'undefined' && 'adoptedStyleSheets' in document && typeof CSSStyleSheet !== 'undefined' && 'replaceSync' in CSSStyleSheet.prototype;

/** One shared sheet: adopted with the first user's styles, dropped when the last user leaves (the original's contract). */
export function stylesheetSingleton(): Stylesheet {
  let users = 0;
  let sheet: CSSStyleSheet | undefined;
  return {
    add(css) {
      if (users === 0 && canAdopt()) {
        const adopted = new CSSStyleSheet();
        adopted.replaceSync(css);
        document.adoptedStyleSheets = [...document.adoptedStyleSheets, adopted];
        sheet = adopted;
      }
      users++;
    },
    remove() {
      users--;
      if (users > 0 || !sheet) return;
      const dropped = sheet;
      document.adoptedStyleSheets = document.adoptedStyleSheets.filter((adopted) => adopted !== dropped);
      sheet = undefined;
    },
  };
}

export function styleHookSingleton(): (styles: string, isDynamic?: boolean) => void {
  const sheet = stylesheetSingleton();
  return function useStyle(styles, isDynamic) {
    // The original's dependency, kept: static styles are read when the first user mounts and not re-applied.
    const reapplyWhen = Boolean(styles) && isDynamic;
    useEffect(() => {
      sheet.add(styles);
      return () => sheet.remove();
      // eslint-disable-next-line react-hooks/exhaustive-deps -- the library's contract (see above), not an oversight
    }, [reapplyWhen]);
  };
}

export function styleSingleton(): FC<{ styles: string; dynamic?: boolean }> {
  const useStyle = styleHookSingleton();
  return function Sheet({ styles, dynamic }) {
    useStyle(styles, dynamic);
    return null;
  };
}
