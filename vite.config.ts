// Vite: React + Tailwind 4, the PWA build into dist/ (the server serves it), and a dev server that proxies
// the server's endpoints so the app runs on one origin in development as in production (DESIGN §5).
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlibConstants, gzip } from 'node:zlib';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import type { Plugin } from 'vite';

const SERVER = 'http://localhost:8080'; // `npm run server`'s default port (DESIGN §6)
const THEME_COLOR = '#1e293b'; // slate-800: the top bar, index.html's theme-color and the icons' background
const IMAGE_CACHE_MAX_ENTRIES = 500; // thumbnails, small and medium variants: a few shifts of lots and UPCs (~20 MB)
const LARGE_IMAGE_CACHE_MAX_ENTRIES = 60; // large and full variants, opened one by one (~100 MB at most)
const IMAGE_CACHE_MAX_AGE_SECONDS = 30 * 24 * 60 * 60; // a month: images not seen since are fetched again
// Paths the server answers itself: never replaced by the app shell (an image opened in a tab stays an image).
const SERVER_PATHS = [/^\/api(\/|$)/, /^\/ws(\/|$)/, /^\/health(\/|$)/, /^\/store(\/|$)/, /^\/images\//];
// The server's Content-Security-Policy (server/http/security-headers.ts) allows no eval and no inline style. Two
// libraries would break it in the browser, so the build (the app and its worker) takes a stand-in for each; the
// server and the tests keep the originals. tests/e2e/csp.spec.ts fails if anything breaks the policy again.
const CSP_STAND_INS = [
  // zod probes for its eval JIT when the first schema is made: the stand-in turns the JIT off first.
  { find: /^zod$/, replacement: fileURLToPath(new URL('./src/app/csp/zod.ts', import.meta.url)) },
  // Radix Dialog's scroll lock injects a <style>: the stand-in adopts a constructed stylesheet instead.
  { find: /^react-style-singleton$/, replacement: fileURLToPath(new URL('./src/app/csp/react-style-singleton.ts', import.meta.url)) },
];

// First load (docs/operations.md): a .br and a .gz beside each hashed text asset, which the server sends when
// the browser accepts them (server/http/static-pwa.ts). Only assets/: a hashed name changes with its content, so
// a sibling can never be older than its file. index.html, sw.js and workbox-*.js stay uncompressed on purpose:
// they are revalidated on every load, and a sibling left from an earlier build would serve a stale service worker.
const PRECOMPRESSED = /^assets\/.*\.(js|css|svg|json|html)$/;
const PRECOMPRESS_MIN_BYTES = 1024; // below about one TCP packet compression saves nothing worth a file
const GZIP_LEVEL = 9; // scripts/bundle-budget.mjs measures with the same level
const compressBrotli = promisify(brotliCompress);
const compressGzip = promisify(gzip);

function precompress(): Plugin {
  return {
    name: 'lotdesk:precompress',
    apply: 'build',
    async writeBundle(options, bundle) {
      const outDir = options.dir ?? 'dist';
      const files = Object.keys(bundle).filter((file) => PRECOMPRESSED.test(file));
      await Promise.all(files.map(async (file) => {
        const path = join(outDir, file);
        const raw = await readFile(path);
        if (raw.length < PRECOMPRESS_MIN_BYTES) return;
        const [br, gz] = await Promise.all([
          compressBrotli(raw, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: zlibConstants.BROTLI_MAX_QUALITY, [zlibConstants.BROTLI_PARAM_SIZE_HINT]: raw.length } }),
          compressGzip(raw, { level: GZIP_LEVEL }),
        ]);
        if (br.length < raw.length) await writeFile(`${path}.br`, br);
        if (gz.length < raw.length) await writeFile(`${path}.gz`, gz);
      }));
    },
  };
}

// xlsx (SheetJS, about 450 kB) belongs to the spreadsheet worker only: screens reach it through comlink
// (src/workers/spreadsheet-api.ts). The worker is bundled on its own, so a main-bundle chunk holding xlsx
// means a screen imported it directly: the build stops instead of shipping it on the first load.
const WORKER_ONLY = /[\\/]node_modules[\\/]xlsx[\\/]/;

function keepXlsxInWorker(): Plugin {
  return {
    name: 'lotdesk:xlsx-in-worker-only',
    apply: 'build',
    generateBundle(_options, bundle) {
      for (const output of Object.values(bundle)) {
        const offending = output.type === 'chunk' ? output.moduleIds.find((id) => WORKER_ONLY.test(id)) : undefined;
        if (offending) this.error(`xlsx reached the main bundle (${output.fileName}, ${offending}): import it only in src/workers/, use it through comlink`);
      }
    },
  };
}

/**
 * A cache-first rule for the image files whose URL `pattern` matches (same origin only: workbox matches a RegExp
 * against another origin's URL only from its start), at most `maxEntries` of them. A RegExp, not a function: the
 * rule is written into sw.js as text, where a function's closure would be lost.
 */
function imageCache(cacheName: string, pattern: RegExp, maxEntries: number) {
  return {
    urlPattern: pattern,
    handler: 'CacheFirst' as const,
    options: {
      cacheName,
      cacheableResponse: { statuses: [200] },
      matchOptions: { ignoreSearch: true },
      expiration: {
        maxEntries,
        maxAgeSeconds: IMAGE_CACHE_MAX_AGE_SECONDS,
        purgeOnQuotaError: true, // images are re-fetchable; the outbox and replica are not
      },
    },
  };
}

export default defineConfig({
  // The rehearsal of the next protocol version (src/protocol/rehearsal.ts): off unless the build asks for it.
  define: { 'import.meta.env.LOTDESK_PROTOCOL_REHEARSAL': JSON.stringify(process.env.LOTDESK_PROTOCOL_REHEARSAL ?? '') },
  plugins: [
    react(),
    tailwindcss(),
    keepXlsxInWorker(),
    precompress(),
    // The installable PWA (DESIGN §2): a generated service worker that precaches the app shell and waits
    // for the user's 'Reload' (registerType 'prompt'; src/app/pwa/register.ts registers it, so no script
    // is injected). The server never caches sw.js, workbox-*.js or the manifest (server/http/static-pwa.ts).
    VitePWA({
      strategies: 'generateSW',
      registerType: 'prompt',
      injectRegister: false,
      devOptions: { enabled: false }, // `npm run dev` runs without a worker: no stale shell while coding
      includeAssets: ['favicon-32x32.png', 'apple-touch-icon.png'],
      manifest: {
        id: '/', // the app's identity, kept even if start_url ever moves
        name: 'LotDesk',
        short_name: 'LotDesk',
        description: 'Build, list and auction lots: the warehouse back office that keeps working offline.',
        lang: 'en',
        start_url: '/home',
        scope: '/',
        display: 'standalone',
        orientation: 'any', // tablets turn both ways on the floor
        theme_color: THEME_COLOR,
        background_color: '#f8fafc', // slate-50: the page background, so the splash screen matches
        categories: ['business', 'productivity'],
        icons: [
          { src: '/pwa-192x192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
          { src: '/pwa-512x512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
          { src: '/maskable-512x512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        ],
      },
      workbox: {
        // The shell: the hashed bundles and index.html. The manifest, its icons and includeAssets are added
        // by the plugin itself (globbing them here too would list each twice).
        // The barcode reader's WebAssembly too, so camera scanning works offline.
        globPatterns: ['**/*.{js,css,html,wasm}'],
        // Any in-app URL opened offline (/home, /lotedit/12, …) gets the precached shell; the router takes it from there.
        navigateFallback: '/index.html',
        navigateFallbackDenylist: SERVER_PATHS,
        cleanupOutdatedCaches: true,
        // The first install takes over the open page at once, so it works offline without a reload. Updates
        // still wait: skipWaiting stays off until the user presses 'Reload' (queued work is never cut short).
        clientsClaim: true,
        skipWaiting: false,
        // Lot and UPC images, cache first: every image URL names one version of an image (each upload has its own
        // folder, served immutable), so a cached file is never stale. Two caches bound the space: the small variants a
        // list shows (many), and the large and full ones a person opens (few: a full photo is megabytes). The spec's
        // cache-busting query (?v=…) is ignored when matching, so a link opened again offline still finds its file.
        runtimeCaching: [
          imageCache('lotdesk-images-large', /\/images\/[^?#]+\/(large|full)\.[a-z]+([?#]|$)/, LARGE_IMAGE_CACHE_MAX_ENTRIES),
          imageCache('lotdesk-images', /\/images\//, IMAGE_CACHE_MAX_ENTRIES),
        ],
      },
    }),
  ],
  resolve: { alias: CSP_STAND_INS },
  server: {
    proxy: {
      '/ws': { target: SERVER, ws: true },
      '/api': SERVER,
      '/health': SERVER,
      '/store': SERVER,
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    manifest: true, // .vite/manifest.json: scripts/bundle-budget.mjs follows the entry's static imports (not served: a dot folder)
  },
});
