// Entry point: config → database → server; stops cleanly on SIGINT/SIGTERM. Nothing else lives here.
import { ConfigError, loadConfig } from './config';
import { openDatabase } from './db';
import { createLogger, createServer } from './app';

async function main(): Promise<void> {
  const config = loadConfig();
  const startupLogger = createLogger(config);
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, logger: startupLogger });
  const server = await createServer(config, database, startupLogger);
  const log = server.app.log;

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    log.info({ signal }, 'stopping');
    await server.close().catch((error: unknown) => log.error({ err: error }, 'server close failed'));
    await database.close().catch((error: unknown) => log.error({ err: error }, 'database close failed'));
    process.exit(0);
  };
  process.once('SIGINT', () => void stop('SIGINT'));
  process.once('SIGTERM', () => void stop('SIGTERM'));

  const address = await server.listen();
  const local = `http://localhost:${new URL(address).port}`;
  const lines = [`LotDesk is running at ${local} (database: ${database.kind}, data: ${config.dataDir})`];
  if (server.firstAdmin?.password) {
    lines.push('First start: created the admin account. This password is shown only once:',
      `  username: ${server.firstAdmin.username}`, `  password: ${server.firstAdmin.password}`,
      'Change it with: npm run users -- passwd admin');
  } else if (server.firstAdmin) {
    lines.push(`First start: created the admin account '${server.firstAdmin.username}' with ADMIN_PASSWORD.`);
  }
  process.stdout.write(`\n${lines.join('\n')}\n\n`);
}

main().catch((error: unknown) => {
  const message = error instanceof ConfigError ? error.message : error instanceof Error ? error.message : String(error);
  process.stderr.write(`LotDesk could not start: ${message}\n`);
  if (!(error instanceof ConfigError) && error instanceof Error && process.env.LOG_LEVEL === 'debug') process.stderr.write(`${error.stack}\n`);
  process.exit(1);
});
