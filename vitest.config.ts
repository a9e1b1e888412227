import { defineConfig } from 'vitest/config';

// Two projects: fast pure tests, and integration tests that boot the real server (PGlite or PostgreSQL).
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['tests/unit/**/*.test.{ts,tsx}'],
          environment: 'node',
          // Vitest's default leaves one of two cores idle; most of a unit file's time is importing its modules.
          maxWorkers: 2,
        },
      },
      {
        test: {
          // The field stories in Chromium, WebKit and Firefox (issue 33): one browser at a time, against the built app.
          name: 'engines',
          include: ['tests/engines/**/*.test.ts'],
          environment: 'node',
          testTimeout: 120_000,
          hookTimeout: 120_000,
          fileParallelism: false,
        },
      },
      {
        test: {
          name: 'integration',
          include: ['tests/integration/**/*.test.ts'],
          environment: 'node',
          testTimeout: 30_000,
          hookTimeout: 60_000,
          // Each file boots its own server and database; two cores, so keep the parallelism modest.
          maxWorkers: 2,
          // A file shares nothing with the next but the modules it imports (each starts its own server on its own
          // database), so a worker keeps them loaded: re-importing the server for every file cost about 3 s of CPU a
          // file, a third of the PostgreSQL pass beside the browser tests. (The unit files share Dexie's and the
          // replica's module state, so they stay isolated.)
          isolate: false,
        },
      },
    ],
  },
});
