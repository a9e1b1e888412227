// The database module's public face: openDatabase, the Db/Tx/DbOrTx types, the schema and SQL helpers.
// Repositories import from here (or from ./schema); nothing outside server/db imports a driver.
export { openDatabase, MIGRATIONS_FOLDER, type OpenDatabaseOptions } from './client';
export type { Database, DatabaseKind, Db, DbLogger, DbOrTx, Schema, Tx } from './types';
export { likeContains, likePrefix, nextLotNumber, nextLotNumbers, queryRows, selectRowsAsJson, LOT_NUMBER_DIGITS, storedLotNumbers } from './sql';
export * from './schema';
