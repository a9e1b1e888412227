// The whole database schema (spec §3), one module per group of tables; drizzle-kit reads this file.
// Table → owner: users (auth), lots/boxes/items (lots, boxes, items), upcs/images/categories (catalogue),
// inventory + auction events (events), notes/listings/processed_messages (store), push_messages (push/postgres),
// login_failures/login_account_failures/login_known_addresses (auth/shared-throttle).
export * from './users';
export * from './lots';
export * from './catalogue';
export * from './events';
export * from './store';
export * from './push';
export * from './throttle';
export * from './relations';
