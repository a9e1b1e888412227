// Entry point: config → database → server; stops cleanly on SIGINT/SIGTERM, at once on a second one (shutdown.ts).
// Nothing else lives here.
import { join } from 'node:path';
import { ConfigError, loadConfig, type Config } from './config';
import { openDatabase } from './db';
import { createLogger, createServer, type LotDeskServer } from './app';
import { urlHost } from './host-header';
import { TLS_FOLDER } from './tls/settings';
import { FORCED_EXIT_CODE, stopSignalHandler } from './shutdown';

async function main(): Promise<void> {
  const config = loadConfig();
  const startupLogger = createLogger(config);
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, logger: startupLogger });
  const server = await createServer(config, database, startupLogger);
  const log = server.app.log;

  const onStopSignal = stopSignalHandler({
    async stop(signal) {
      log.info({ signal }, 'stopping: finishing open requests and closing the database (Ctrl+C again stops at once)');
      await server.close().catch((error: unknown) => log.error({ err: error }, 'server close failed'));
      await database.close().catch((error: unknown) => log.error({ err: error }, 'database close failed'));
      process.exit(0);
    },
    force(signal) {
      // The data folder's socket goes with the process (an exit handler); the database recovers as after a crash.
      log.warn({ signal }, 'stopping at once: open requests are cut off and the database is not closed cleanly');
      process.exit(FORCED_EXIT_CODE);
    },
  });
  process.on('SIGINT', onStopSignal);
  process.on('SIGTERM', onStopSignal);

  const address = await server.listen();
  const local = `http://localhost:${new URL(address).port}`;
  const lines = [`LotDesk is running at ${local} (database: ${database.kind}, data: ${config.dataDir})`, ...whereDevicesGo(server, config)];
  if (server.firstAdmin?.password) {
    lines.push('First start: created the admin account. This password is shown only once:',
      `  username: ${server.firstAdmin.username}`, `  password: ${server.firstAdmin.password}`,
      'Change it with: npm run users -- passwd admin');
  } else if (server.firstAdmin) {
    lines.push(`First start: created the admin account '${server.firstAdmin.username}' with ADMIN_PASSWORD.`);
  }
  process.stdout.write(`\n${lines.join('\n')}\n\n`);
}

/** Where tablets and phones find LotDesk on the shop's network, and how one is set up (issue 30). */
function whereDevicesGo(server: LotDeskServer, config: Config): string[] {
  const { tls } = server;
  const { http, https } = server.ports();
  const facts = server.services.deviceSetup.facts();
  if (tls === undefined || https === undefined) {
    return ['HTTPS is off (TLS=off): put a reverse proxy with a certificate in front (docs/operations.md).'];
  }
  const hosts = facts.hosts;
  const lines = [`On the shop's network: ${hosts.length === 0 ? `https://localhost:${https}` : hosts.map((host) => `https://${urlHost(host)}:${https}`).join('  ')}`];
  if (tls.mode === 'auto' && hosts[0] !== undefined) {
    lines.push(`Set up a tablet or phone: open http://${urlHost(hosts[0])}:${http}/setup on it (or scan its QR code on the Devices screen).`);
  }
  if (facts.caFingerprint !== undefined) lines.push(`LotDesk's certificate authority (SHA-256): ${facts.caFingerprint}`);
  if (tls.createdAuthority) lines.push(`First start: made that certificate authority in ${join(config.dataDir, TLS_FOLDER)}; back the folder up with the data.`);
  return lines;
}

main().catch((error: unknown) => {
  const message = error instanceof ConfigError ? error.message : error instanceof Error ? error.message : String(error);
  process.stderr.write(`LotDesk could not start: ${message}\n`);
  if (!(error instanceof ConfigError) && error instanceof Error && process.env.LOG_LEVEL === 'debug') process.stderr.write(`${error.stack}\n`);
  process.exit(1);
});
