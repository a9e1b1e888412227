// `npm run seed -- --demo [--lots N]`: sample data for demos and manual testing; `--catalogue N`: N synthetic
// catalogue products for scale checks (either or both). With the embedded database the server must be stopped
// first (the data-folder lock says so).
import { parseArgs } from 'node:util';
import { loadConfig, type Config } from '../config';
import { openDatabase, type Db } from '../db';
import { seedCategories } from '../store/embedded';
import { createUserRepository, ensureFirstAdmin } from '../auth/users';
import { seedCatalogue } from './seed/catalogue-data';
import { seedDemo } from './seed/demo-data';
import { runCli } from './run';

const USAGE = 'Usage: npm run seed -- [--demo [--lots <count, default 300>]] [--catalogue <products, up to 10,000,000>]';
const CATALOGUE_MAX = 10_000_000; // ten times the scale the catalogue is built for (issue 5: a million rows)

const count = (text: string | undefined, max: number): number | undefined => {
  const value = Number(text);
  return text !== undefined && /^\d+$/.test(text) && value <= max ? value : undefined;
};

async function main(): Promise<number> {
  const { values } = parseArgs({ options: { demo: { type: 'boolean', default: false }, lots: { type: 'string', default: '300' }, catalogue: { type: 'string' } } });
  const lotCount = count(values.lots, 100_000);
  const products = values.catalogue === undefined ? 0 : count(values.catalogue, CATALOGUE_MAX);
  if ((!values.demo && values.catalogue === undefined) || lotCount === undefined || products === undefined) {
    process.stderr.write(`${USAGE}\n`);
    return 2;
  }
  const config = loadConfig();
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  try {
    if (values.demo) await seedDemoData(database.db, config, lotCount);
    if (products > 0) {
      const progress = process.stdout.isTTY ? (done: number) => process.stdout.write(`  ${done} of ${products} products\r`) : undefined;
      const { rows, ms } = await seedCatalogue(database.db, products, progress);
      process.stdout.write(`Seeded ${rows} catalogue products in ${(ms / 1000).toFixed(1)} s (${database.kind}).\n`);
    }
    return 0;
  } finally {
    await database.close();
  }
}

async function seedDemoData(db: Db, config: Config, lotCount: number): Promise<void> {
  await seedCategories(db);
  // Seeding before the first start must not leave the install without its admin (it is made only when
  // there are no users at all, and the demo adds some).
  const admin = await ensureFirstAdmin(createUserRepository(db), config.adminPassword);
  const report = await seedDemo(db, { lotPrefix: config.lotPrefix, lots: lotCount });
  if (admin) report.unshift(`admin ${admin.username}${admin.password ? `, password ${admin.password} (shown once)` : ' with ADMIN_PASSWORD'}`);
  process.stdout.write(`Seeded:\n${report.map((line) => `  ${line}`).join('\n')}\n`);
}

runCli(main);
