// `npm start`: build the PWA when the build is missing or older than its sources, then run the server.
import { spawn } from 'node:child_process';
import './build-if-stale.mjs';

// Node with tsx's loader, no npx in between: signals reach the server itself.
const server = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], { stdio: 'inherit' });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
