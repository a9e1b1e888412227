// Issue 18, load: 50 simulated staff (bench/load-staff.ts), each on its own STOMP connection, doing a realistic mix
// (scans, item edits, lot queries, catalogue suggestions) in a closed loop against real server processes — one on
// PGlite, one on PostgreSQL, two on PostgreSQL sharing the database — for a fixed time after a warm-up: throughput,
// p50/p99 per kind and the errors (must be 0). The ceiling beside, measured in the same run on the same servers: each
// kind sent by ONE staff member to the idle server, so the figures under load read as "× unloaded". The PostgreSQL
// setups are skipped, with the reason printed, when no PostgreSQL answers.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openDatabase } from '../server/db';
import { createTokenService } from '../server/auth/tokens';
import { spawnServer, type RunningServer } from '../tests/support/server-child';
import { createTestDatabase, LOCAL_POSTGRES_URL, postgresAvailable } from '../tests/support/test-database';
import { seedLoad } from './load-seed';
import { connectStaff, KIND_NAMES, KINDS, work, type Kind, type Outcome, type StaffConnection, type StaffPlan } from './load-staff';
import { percentile, record } from './stats';
import { sized } from './size';

const STAFF = Number(process.env.BENCH_LOAD_STAFF ?? sized(50, 3));
const SECONDS = Number(process.env.BENCH_LOAD_SECONDS ?? sized(20, 1)); // measured, after the warm-up
const WARMUP_SECONDS = sized(3, 1);
const CATALOGUE_ROWS = sized(5000, 500);
const IDLE_SAMPLES = sized(100, 3); // per kind, one staff member on the idle server
const IDLE_WARMUP = sized(10, 1); // per kind, not counted
const TOKEN_TTL_SECONDS = 3600;

interface Setup {
  name: string;
  processes: number;
  /** The PostgreSQL server to make the database on; undefined: PGlite inside the server process. */
  postgresUrl?: string;
}

/** Per kind: latencies and errors of the outcomes. */
function byKind(outcomes: readonly Outcome[]) {
  return new Map(KINDS.map((kind) => {
    const mine = outcomes.filter((outcome) => outcome.kind === kind);
    return [kind, { ms: mine.filter((o) => o.error === undefined).map((o) => o.ms), errors: mine.filter((o) => o.error !== undefined).length }];
  }));
}

/** The ceiling: each kind sent IDLE_SAMPLES times by one staff member, nothing else running (after a warm-up). */
async function idle(connection: StaffConnection, plan: StaffPlan): Promise<Outcome[]> {
  const outcomes: Outcome[] = [];
  for (const kind of KINDS) {
    for (let i = 0; i < IDLE_WARMUP + IDLE_SAMPLES; i += 1) {
      const start = performance.now();
      try {
        await connection.once(kind, plan);
        if (i >= IDLE_WARMUP) outcomes.push({ kind, start, ms: performance.now() - start });
      } catch (error) {
        outcomes.push({ kind, start, ms: performance.now() - start, error: error instanceof Error ? error.message : String(error) });
      }
    }
  }
  return outcomes;
}

/** `errors`: every failed request of the run, the warm-up's and the idle ceiling's too. */
function print(title: string, loaded: readonly Outcome[], unloaded: readonly Outcome[], errors: readonly Outcome[], context: string): void {
  const [under, alone] = [byKind(loaded), byKind(unloaded)];
  console.log(`\n${title}: ${(loaded.length / SECONDS).toFixed(0)} requests/s; errors: ${errors.length}${errors[0] ? ` (first: ${errors[0].error})` : ''}`);
  console.log(context);
  console.log(`${'kind'.padEnd(28)} ${'requests'.padStart(9)} ${'p50 ms'.padStart(8)} ${'p99 ms'.padStart(8)} ${'idle p50'.padStart(9)} ${'idle p99'.padStart(9)} ${'p50 ×'.padStart(7)} ${'p99 ×'.padStart(7)} ${'errors'.padStart(7)}`);
  const rows = KINDS.map((kind: Kind) => {
    const [load, base] = [under.get(kind), alone.get(kind)];
    const [p50, p99, idle50, idle99] = [percentile(load?.ms ?? [], 50), percentile(load?.ms ?? [], 99), percentile(base?.ms ?? [], 50), percentile(base?.ms ?? [], 99)];
    const requests = (load?.ms.length ?? 0) + (load?.errors ?? 0);
    console.log(`${KIND_NAMES[kind].padEnd(28)} ${String(requests).padStart(9)} ${p50.toFixed(1).padStart(8)} ${p99.toFixed(1).padStart(8)} ${idle50.toFixed(1).padStart(9)} ${idle99.toFixed(1).padStart(9)} ${(p50 / idle50).toFixed(1).padStart(7)} ${(p99 / idle99).toFixed(1).padStart(7)} ${String(load?.errors ?? 0).padStart(7)}`);
    return { name: KIND_NAMES[kind], requests, perSecond: requests / SECONDS, p50Ms: p50, p99Ms: p99, idleP50Ms: idle50, idleP99Ms: idle99, p50Ratio: p50 / idle50, p99Ratio: p99 / idle99, errors: load?.errors ?? 0 };
  });
  record(title, [...rows, { name: 'all', requests: loaded.length, perSecond: loaded.length / SECONDS, errors: errors.length, firstError: errors[0]?.error ?? '' }]);
}

/** Runs one setup and prints its figures; the number of failed requests and server error lines, which must be 0. */
async function runSetup(setup: Setup): Promise<number> {
  const database = await createTestDatabase({ serverUrl: setup.postgresUrl ?? '' }); // a fresh one per setup
  const secret = randomBytes(32).toString('hex');
  const seeding = performance.now();
  const opened = await openDatabase(database.options);
  const tokens = createTokenService(new TextEncoder().encode(secret), TOKEN_TTL_SECONDS);
  const plans = await seedLoad(opened.db, { staff: STAFF, catalogueRows: CATALOGUE_ROWS, tokens }).finally(() => opened.close());
  const seededMs = performance.now() - seeding;
  const folders = setup.postgresUrl === undefined ? [] : Array.from({ length: setup.processes }, () => mkdtempSync(join(tmpdir(), 'lotdesk-bench-load-')));
  const dataDirs = setup.postgresUrl === undefined ? [database.options.dataDir] : folders;
  const servers: RunningServer[] = [];
  const connections: StaffConnection[] = [];
  try {
    for (const dataDir of dataDirs) {
      const env = { DATA_DIR: dataDir, STATIC_DIR: join(dataDir, 'none'), JWT_SECRET: secret, LOG_LEVEL: 'warn', ...(database.options.databaseUrl ? { DATABASE_URL: database.options.databaseUrl } : {}) };
      servers.push(await spawnServer(env, { withoutDatabaseUrl: setup.postgresUrl === undefined }));
    }
    for (const [i, plan] of plans.entries()) {
      const server = servers[i % servers.length];
      if (server === undefined) throw new Error('no server');
      connections.push(await connectStaff(`ws://127.0.0.1:${server.port}/ws`, plan.token, `staff${i + 1}`));
    }
    const [first, firstPlan] = [connections[0], plans[0]];
    if (first === undefined || firstPlan === undefined) throw new Error('no staff');
    const unloaded = await idle(first, firstPlan);

    const outcomes: Outcome[] = [];
    const started = performance.now();
    const [measureFrom, until] = [started + WARMUP_SECONDS * 1000, started + (WARMUP_SECONDS + SECONDS) * 1000];
    const cpuBefore = process.cpuUsage();
    await Promise.all(connections.map((connection, i) => {
      const plan = plans[i];
      return plan === undefined ? undefined : work(connection, plan, () => performance.now() < until, outcomes);
    }));
    const cpu = process.cpuUsage(cpuBefore);
    // The clients share this process: far below a core, they are not what limits the figures.
    const clientCpu = (cpu.user + cpu.system) / 1000 / (performance.now() - started);
    const measured = outcomes.filter((outcome) => outcome.start >= measureFrom && outcome.start < until);
    const errors = [...outcomes, ...unloaded].filter((outcome) => outcome.error !== undefined);
    const serverErrors = servers.reduce((count, server) => count + (server.output().match(/"level":(50|60)/g)?.length ?? 0), 0);
    print(`Load: ${STAFF} staff, closed loop, ${SECONDS} s after ${WARMUP_SECONDS} s warm-up, ${setup.name}`, measured, unloaded, errors,
      `(catalogue ${CATALOGUE_ROWS.toLocaleString('en-US')} products, seeded in ${(seededMs / 1000).toFixed(1)} s; the ${STAFF} clients used ${(clientCpu * 100).toFixed(0)}% of a core; server log lines at error level: ${serverErrors}; idle: one staff member, ${IDLE_SAMPLES} per kind)`);
    return errors.length + serverErrors;
  } finally {
    await Promise.all(connections.map((connection) => connection.close()));
    for (const server of servers) server.child.kill('SIGTERM');
    await Promise.all(servers.map((server) => server.exited));
    for (const folder of folders) rmSync(folder, { recursive: true, force: true });
    await database.dispose();
  }
}

export async function load(): Promise<void> {
  let errors = await runSetup({ name: 'one process on PGlite', processes: 1 });
  const url = process.env.DATABASE_URL ?? LOCAL_POSTGRES_URL;
  if (await postgresAvailable(url)) {
    errors += await runSetup({ name: 'one process on PostgreSQL', processes: 1, postgresUrl: url });
    errors += await runSetup({ name: 'two processes on PostgreSQL', processes: 2, postgresUrl: url });
  } else {
    console.log(`\nLoad on PostgreSQL (one and two processes): skipped (no PostgreSQL at ${url}; set DATABASE_URL)`);
  }
  // Every figure is printed first; then a run with errors fails, as the issue's "errors (must be 0)" asks.
  if (errors > 0) throw new Error(`${errors} failed requests or server error lines under load (must be 0)`);
}
