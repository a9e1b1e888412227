// Test fixture run as its own process (node --import tsx): opens the embedded database in argv[2] (so it holds the
// data folder and answers backup requests, as the server does), commits one note labelled argv[3], prints
// "committed <pid>", then waits — for kill -9 (durability test) or SIGTERM (clean stop).
import { openDatabase } from '../../server/db';
import { notes } from '../../server/db/schema';

const [dataDir, label] = process.argv.slice(2);
if (!dataDir || !label) throw new Error('usage: database-child.ts <dataDir> <note label>');

const logger = { info: () => undefined, warn: (obj: object, msg?: string) => process.stderr.write(`${msg ?? ''} ${JSON.stringify(obj)}\n`) };
const database = await openDatabase({ dataDir, logger });
await database.db.insert(notes).values({ label, data: 'written by the child process' });
process.stdout.write(`committed ${process.pid}\n`);

const keepAlive = setInterval(() => undefined, 60_000);
process.once('SIGTERM', () => {
  clearInterval(keepAlive);
  void database.close().then(() => process.exit(0));
});
