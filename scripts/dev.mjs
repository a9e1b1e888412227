// `npm run dev`: Vite with hot reload on :5173 (proxying /ws and /api to the server) and the server on :8080,
// restarted by tsx watch when server code changes.
import { spawn } from 'node:child_process';

const children = [
  spawn('npx', ['tsx', 'watch', '--clear-screen=false', 'server/main.ts'], { stdio: 'inherit', env: { ...process.env, LOG_LEVEL: process.env.LOG_LEVEL ?? 'debug' } }),
  spawn('npx', ['vite'], { stdio: 'inherit' }),
];
const stop = (signal) => children.forEach((child) => child.kill(signal));
process.on('SIGINT', () => stop('SIGINT'));
process.on('SIGTERM', () => stop('SIGTERM'));
for (const child of children) child.on('exit', (code) => { stop('SIGTERM'); process.exit(code ?? 0); });
