// Pushes between server processes on one PostgreSQL database (server/push/postgres.ts): a handler's push is kept here
// for a moment and its id NOTIFYed, so every process reads it and hands it to its own sessions. Bodies can pass
// NOTIFY's 8000-byte limit (a lot with its boxes); ids never do. Rows older than a minute are purged.
import { bigserial, index, pgTable, text } from 'drizzle-orm/pg-core';
import { createdAt } from './columns';

export const pushMessages = pgTable(
  'push_messages',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** Whose change it is: that user's sessions and every admin's hear it. */
    owner: text('owner').notNull(),
    topic: text('topic').notNull(),
    /** The message body as JSON text, exactly as delivered. */
    body: text('body').notNull(),
    /** The sending session (it has its reply), in whichever process it lives. */
    exceptSessionId: text('except_session_id'),
    createdAt: createdAt(),
  },
  (t) => [index('push_messages_created_idx').on(t.createdAt)],
);
