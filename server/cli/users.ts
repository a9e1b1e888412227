// `npm run users -- add|passwd|role|list|remove`: manage staff accounts from the shell. With the embedded database
// the server must be stopped first (PGlite is single-process; the data-folder lock says so). Changing a password or
// a role, or removing a user, signs out every session of theirs (the token version: server/auth/users.ts); a running
// server on the same PostgreSQL database closes them within REVOCATION_INTERVAL.
// Every outcome is one plain line: a database error is reported without its SQL.
import { parseArgs } from 'node:util';
import { loadConfig } from '../config';
import { openDatabase } from '../db';
import { describeOwned } from '../auth/ownership';
import { generatePassword } from '../auth/passwords';
import { createUserRepository, type RemoveOutcome, type UserRepository } from '../auth/users';
import { print, runCli } from './run';

const USAGE = `Usage:
  npm run users -- list
  npm run users -- add <username> [--admin] [--password <password>]
  npm run users -- passwd <username> [--password <password>]
  npm run users -- role <username> admin|user
  npm run users -- remove <username> [--reassign-to <username>]
Without --password a password is generated and printed once. passwd, role and remove sign the user out everywhere.
remove moves what the user owns (lots, boxes, …) to the --reassign-to user; without it, a user who owns
anything is not removed.`;

const ROLES = { admin: true, user: false } as const;
const isRole = (role: string | undefined): role is keyof typeof ROLES => role === 'admin' || role === 'user';

function removed(outcome: RemoveOutcome, name: string): number {
  switch (outcome.kind) {
    case 'missing':
      return print(`No user '${name}'.`, 1);
    case 'no-heir':
      return print(`No user '${outcome.heir}' to reassign to; nothing was removed.`, 1);
    case 'heir-is-user':
      return print(`--reassign-to must name a user other than '${name}'.`, 2);
    case 'owns':
      return print(`'${outcome.username}' still owns ${describeOwned(outcome.owned)}; nothing was removed. To move all of it to another user: npm run users -- remove ${name} --reassign-to <username>`, 1);
    case 'removed': {
      const moved = describeOwned(outcome.moved);
      return print(`Removed '${outcome.username}'.${moved && outcome.heir ? ` Moved to '${outcome.heir}': ${moved}.` : ''}`, 0);
    }
  }
}

interface Command {
  command: string;
  name: string;
  role: string | undefined;
  admin: boolean;
  password: string | undefined;
  reassignTo: string | undefined;
}

async function run(repo: UserRepository, { command, name, role, admin, password: given, reassignTo }: Command): Promise<number> {
  const password = given ?? generatePassword();
  const shown = given === undefined ? `, password: ${password}` : '';
  switch (command) {
    case 'list': {
      const rows = await repo.list();
      return print(rows.map((u) => `${u.username}\t${u.roles.includes('ROLE_ADMIN') ? 'Admin' : 'User'}`).join('\n') || 'No users.', 0);
    }
    case 'add':
      if (await repo.find(name)) return print(`User '${name}' already exists.`, 1);
      await repo.add(name, password, admin);
      return print(`Added ${admin ? 'admin' : 'user'} '${name}'${shown}`, 0);
    case 'passwd':
      return (await repo.setPassword(name, password)) ? print(`Changed the password of '${name}'${shown}`, 0) : print(`No user '${name}'.`, 1);
    case 'role':
      if (!isRole(role)) return print(`role needs admin or user.\n\n${USAGE}`, 2);
      return (await repo.setAdmin(name, ROLES[role])) ? print(`'${name}' is now ${role === 'admin' ? 'an admin' : 'a user'}.`, 0) : print(`No user '${name}'.`, 1);
    case 'remove':
      return removed(await repo.remove(name, reassignTo === undefined ? {} : { reassignTo }), name);
    default:
      return print(`Unknown command '${command}'.\n\n${USAGE}`, 2);
  }
}

async function main(): Promise<number> {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: {
      admin: { type: 'boolean', default: false },
      password: { type: 'string' },
      'reassign-to': { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  const [command, username, role] = positionals;
  if (values.help || !command) return print(USAGE, 0);
  if (command !== 'list' && !username) return print(`${command} needs a username.\n\n${USAGE}`, 2);
  if (values.password !== undefined && values.password.length < 8) return print('The password must be at least 8 characters.', 2);

  const config = loadConfig();
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  const name = username ?? '';
  try {
    const request: Command = { command, name, role, admin: values.admin ?? false, password: values.password, reassignTo: values['reassign-to'] };
    return await run(createUserRepository(database.db), request);
  } catch (error) {
    // A driver error's message is the failed SQL with its parameters: not for a person to read, nor to print.
    return print(`Could not ${command} '${name}': the database refused the change (${errorCode(error)}). Nothing was changed.`, 1);
  } finally {
    await database.close();
  }
}

/** The SQLSTATE of a PostgreSQL error (its cause, under drizzle's wrapper), else its class name. */
function errorCode(error: unknown): string {
  for (let at: unknown = error; at instanceof Error; at = at.cause) {
    if ('code' in at && typeof at.code === 'string') return `SQLSTATE ${at.code}`;
  }
  return error instanceof Error ? error.name : 'unknown error';
}

runCli(main);
