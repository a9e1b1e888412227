// Lint keeps the architecture honest: the layer direction protocol → ui/sync/workers → domains → features → app,
// the engine (src/sync) naming no domain, domains meeting only through each other's index.ts, no import cycles, and
// the side-effectful APIs (Dexie, STOMP, fetch, localStorage) inside the modules that own them.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import { importX } from 'eslint-plugin-import-x';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

const rule = (patterns, message) => patterns.map((group) => ({ group: [group], message }));
const NO_SERVER = rule(['**/server/**'], 'The client never imports server code.');
const NO_DEXIE = rule(['dexie', 'dexie-react-hooks'], "Dexie lives in src/sync/ and in domains' hooks.");
const NO_STOMP = rule(['@stomp/stompjs'], '@stomp/stompjs lives in src/sync/transport/connection.ts only.');
const BELOW_FEATURES = rule(['**/features/**', '**/app/**'], 'protocol, ui, sync and workers sit below features and app.');
const ENGINE = rule(['**/domains/**', '**/domains'], 'src/sync is the engine: it names no domain (domains register into it).');
const DOMAIN_INTERNALS = rule(['**/domains/*/*'], "Use a domain through its index.ts, never its internals.");
const FEATURES = [
  ...rule(['**/app/**'], 'features sit below app.'),
  // `../*/**` is a sibling feature; `../../**` (ui, sync, domains, protocol) stays allowed, except ../../features.
  { group: ['../*/**', '!../../**', '../../features/**'], message: 'features do not import each other: move shared pieces to src/ui or a domain.' },
];
const DOMAINS = [
  ...BELOW_FEATURES,
  // `../*/**` reaches into a sibling domain's files; `../x` (its index) and `../../**` (sync, protocol, ui) stay allowed.
  { group: ['../*/**', '!../../**'], message: "A domain uses another only through its index.ts (`../lots`), never its internals." },
];
const PROTOCOL = rule(['**/ui/**', '**/sync/**', '**/features/**', '**/app/**', 'react', 'react-dom', 'node:*', '**/server/**'],
  'src/protocol is the shared wire contract: no React, no Node, no app layers.');
const imports = (...groups) => ['error', { patterns: groups.flat() }];
const HOOKS = ['src/**/use*.ts', 'src/**/use*.tsx'];

export default tseslint.config(
  { ignores: ['dist/', 'dist-*/', 'dev-dist/', 'node_modules/', 'data/', 'test-results/', 'test-results-*/', 'playwright-report/', 'server/db/migrations/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [createTypeScriptImportResolver({ project: ['tsconfig.json', 'tsconfig.node.json'], noWarnOnMultipleProjects: true })],
    },
    languageOptions: { globals: { ...globals.node } },
    rules: {
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-non-null-assertion': 'error',
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    languageOptions: { globals: { ...globals.browser } },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
      'no-restricted-globals': ['error',
        { name: 'fetch', message: 'HTTP belongs to the outbox upload path (src/sync/outbox/upload.ts).' },
        { name: 'localStorage', message: 'Use src/sync/session/settings.ts.' },
      ],
    },
  },
  // Layers, bottom to top. Later blocks override earlier ones for the same files.
  { files: ['src/protocol/**'], rules: { 'no-restricted-imports': imports(PROTOCOL) } },
  { files: ['src/ui/**', 'src/workers/**'], rules: { 'no-restricted-imports': imports(BELOW_FEATURES, NO_SERVER, NO_DEXIE, NO_STOMP) } },
  { files: ['src/sync/**'], rules: { 'no-restricted-imports': imports(BELOW_FEATURES, ENGINE, NO_SERVER, NO_STOMP) } },
  { files: ['src/sync/transport/connection.ts'], rules: { 'no-restricted-imports': imports(BELOW_FEATURES, ENGINE, NO_SERVER) } },
  { files: ['src/domains/**'], rules: { 'no-restricted-imports': imports(DOMAINS, NO_SERVER, NO_DEXIE, NO_STOMP) } },
  { files: ['src/domains/*/hooks.ts', 'src/domains/*/use*.ts'], rules: { 'no-restricted-imports': imports(DOMAINS, NO_SERVER, NO_STOMP) } },
  { files: ['src/domains/index.ts'], rules: { 'no-restricted-imports': imports(BELOW_FEATURES, DOMAIN_INTERNALS, NO_SERVER, NO_DEXIE, NO_STOMP) } },
  { files: ['src/features/**'], rules: { 'no-restricted-imports': imports(FEATURES, DOMAIN_INTERNALS, NO_SERVER, NO_DEXIE, NO_STOMP) } },
  { files: ['src/app/**', 'src/main.tsx'], rules: { 'no-restricted-imports': imports(DOMAIN_INTERNALS, NO_SERVER, NO_DEXIE, NO_STOMP) } },
  { files: HOOKS.map((h) => h.replace('src/', 'src/features/')), rules: { 'no-restricted-imports': imports(FEATURES, DOMAIN_INTERNALS, NO_SERVER, NO_STOMP) } },
  { files: HOOKS.map((h) => h.replace('src/', 'src/app/')), rules: { 'no-restricted-imports': imports(DOMAIN_INTERNALS, NO_SERVER, NO_STOMP) } },
  // The modules that own a side-effectful global may use it.
  { files: ['src/sync/session/settings.ts'], rules: { 'no-restricted-globals': 'off' } },
  { files: ['src/sync/outbox/upload.ts'], rules: { 'no-restricted-globals': ['error', { name: 'localStorage', message: 'Use src/sync/session/settings.ts.' }] } },
  {
    files: ['server/**', 'scripts/**'],
    rules: { 'no-restricted-imports': imports(rule(['**/src/app/**', '**/src/features/**', '**/src/ui/**', '**/src/sync/**'], 'Node code shares only src/protocol with the client.')) },
  },
);
