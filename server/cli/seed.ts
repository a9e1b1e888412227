// `npm run seed -- --demo [--lots N]`: sample data for demos and manual testing. With the embedded database
// the server must be stopped first (the data-folder lock says so).
import { parseArgs } from 'node:util';
import { loadConfig } from '../config';
import { openDatabase } from '../db';
import { seedCategories } from '../store/embedded';
import { createUserRepository, ensureFirstAdmin } from '../auth/users';
import { seedDemo } from './seed/demo-data';
import { runCli } from './run';

const USAGE = 'Usage: npm run seed -- --demo [--lots <count, default 300>]';

async function main(): Promise<number> {
  const { values } = parseArgs({ options: { demo: { type: 'boolean', default: false }, lots: { type: 'string', default: '300' } } });
  const lotCount = Number(values.lots);
  if (!values.demo || !Number.isInteger(lotCount) || lotCount < 0 || lotCount > 100_000) {
    process.stderr.write(`${USAGE}\n`);
    return 2;
  }
  const config = loadConfig();
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  try {
    await seedCategories(database.db);
    // Seeding before the first start must not leave the install without its admin (it is made only when
    // there are no users at all, and the demo adds some).
    const admin = await ensureFirstAdmin(createUserRepository(database.db), config.adminPassword);
    const report = await seedDemo(database.db, { lotPrefix: config.lotPrefix, lots: lotCount });
    if (admin) report.unshift(`admin ${admin.username}${admin.password ? `, password ${admin.password} (shown once)` : ' with ADMIN_PASSWORD'}`);
    process.stdout.write(`Seeded:\n${report.map((line) => `  ${line}`).join('\n')}\n`);
    return 0;
  } finally {
    await database.close();
  }
}

runCli(main);
