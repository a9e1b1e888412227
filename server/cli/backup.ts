// `npm run backup [-- --restore <file>]`: back up or restore the embedded database in DATA_DIR. With
// DATABASE_URL set it prints the pg_dump / pg_restore commands instead (PostgreSQL has its own tools).
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { loadConfig } from '../config';
import { backupEmbedded, backupFileName, backupsDir, restoreEmbedded } from '../db/backup';
import { print, runCli } from './run';

const DEFAULT_TIMEOUT_S = 300; // a running server dumps the whole folder in memory; large catalogues take a while

const USAGE = `Usage:
  npm run backup                          write DATA_DIR/backups/lotdesk-<time>.tar.gz
  npm run backup -- --restore <file>      replace the embedded database with a backup (server stopped)
Options: --timeout <seconds>  how long to wait for a running server to write the backup (default ${DEFAULT_TIMEOUT_S})`;

async function main(): Promise<number> {
  const { values } = parseArgs({
    options: { restore: { type: 'string' }, timeout: { type: 'string' }, help: { type: 'boolean', short: 'h' } },
  });
  if (values.help) return print(USAGE, 0);
  const timeoutS = values.timeout === undefined ? DEFAULT_TIMEOUT_S : Number(values.timeout);
  if (!Number.isFinite(timeoutS) || timeoutS <= 0) return print(`--timeout must be a number of seconds.\n\n${USAGE}`, 2);

  const { dataDir, databaseUrl } = loadConfig();
  if (databaseUrl) return print(postgresAdvice(dataDir), 2);

  if (values.restore !== undefined) {
    const { keptAs } = await restoreEmbedded(dataDir, values.restore);
    const kept = keptAs ? `\nThe previous database was kept in ${keptAs}; delete it once you are satisfied.` : '';
    return print(`Restored ${values.restore} into ${dataDir}.${kept}\nStart the server to use it.`, 0);
  }
  const { file, via } = await backupEmbedded(dataDir, timeoutS * 1000);
  return print(`Backup written${via === 'server' ? ' by the running server' : ''}: ${file}`, 0);
}

function postgresAdvice(dataDir: string): string {
  const file = join(backupsDir(dataDir), backupFileName().replace(/\.tar\.gz$/, '.dump'));
  return [
    'DATABASE_URL is set: LotDesk uses PostgreSQL, which is backed up with its own tools. Nothing was written.',
    'Back up (consistent, while servers run):',
    `  mkdir -p "${backupsDir(dataDir)}" && pg_dump --format=custom --no-owner --file="${file}" "$DATABASE_URL"`,
    'Restore (stop the LotDesk servers first):',
    `  pg_restore --clean --if-exists --no-owner --single-transaction --dbname="$DATABASE_URL" "${file}"`,
  ].join('\n');
}

runCli(main);
