// Vite: React + Tailwind 4, the PWA build into dist/ (the server serves it), and a dev server that proxies
// the server's endpoints so the app runs on one origin in development as in production (DESIGN §5).
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const SERVER = 'http://localhost:8080'; // `npm run server`'s default port (DESIGN §6)

export default defineConfig({
  plugins: [
    react(),
    tailwindcss(),
    // PWA: vite-plugin-pwa (generateSW, registerType 'prompt'; DESIGN §2) is added here by its own issue.
  ],
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
  },
});
