// `npm run users -- add|passwd|list|remove`: manage staff accounts from the shell. With the embedded database
// the server must be stopped first (PGlite is single-process; the data-folder lock says so).
import { parseArgs } from 'node:util';
import { loadConfig } from '../config';
import { openDatabase } from '../db';
import { generatePassword } from '../auth/passwords';
import { createUserRepository } from '../auth/users';
import { print, runCli } from './run';

const USAGE = `Usage:
  npm run users -- list
  npm run users -- add <username> [--admin] [--password <password>]
  npm run users -- passwd <username> [--password <password>]
  npm run users -- remove <username>
Without --password a password is generated and printed once.`;

async function main(): Promise<number> {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: { admin: { type: 'boolean', default: false }, password: { type: 'string' }, help: { type: 'boolean', short: 'h' } },
  });
  const [command, username] = positionals;
  if (values.help || !command) return print(USAGE, 0);
  if (command !== 'list' && !username) return print(`${command} needs a username.\n\n${USAGE}`, 2);
  if (values.password !== undefined && values.password.length < 8) return print('The password must be at least 8 characters.', 2);

  const config = loadConfig();
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  try {
    const repo = createUserRepository(database.db);
    const name = username ?? '';
    const password = values.password ?? generatePassword();
    const shown = values.password === undefined ? `, password: ${password}` : '';
    switch (command) {
      case 'list': {
        const rows = await repo.list();
        return print(rows.map((u) => `${u.username}\t${u.roles.includes('ROLE_ADMIN') ? 'Admin' : 'User'}`).join('\n') || 'No users.', 0);
      }
      case 'add':
        if (await repo.find(name)) return print(`User '${name}' already exists.`, 1);
        await repo.add(name, password, values.admin ?? false);
        return print(`Added ${values.admin ? 'admin' : 'user'} '${name}'${shown}`, 0);
      case 'passwd':
        return (await repo.setPassword(name, password)) ? print(`Changed the password of '${name}'${shown}`, 0) : print(`No user '${name}'.`, 1);
      case 'remove':
        return (await repo.remove(name)) ? print(`Removed '${name}'.`, 0) : print(`No user '${name}'.`, 1);
      default:
        return print(`Unknown command '${command}'.\n\n${USAGE}`, 2);
    }
  } finally {
    await database.close();
  }
}

runCli(main);
