// Notes (listing templates and notes), the embedded online store's listings, and the outbox dedup record.
// Owned by domains/notes, store/embedded and db/dedup.ts (the exactly-once step of STOMP and HTTP) respectively.
import { index, integer, jsonb, pgTable, primaryKey, serial, text } from 'drizzle-orm/pg-core';
import { createdAt, money, timestampTz } from './columns';
import { lots } from './lots';
import { users } from './users';

/**
 * notes — shared text snippets. The label carries its kind as a prefix (`template_…`, `notes_…`, spec §3);
 * getNotes filters by `label LIKE 'template\_%'`. Labels are unique so a template is found by name.
 */
export const notes = pgTable('notes', {
  id: serial('id').primaryKey(),
  label: text('label').notNull().unique(),
  data: text('data').notNull().default(''),
  createdAt: createdAt(),
  updatedAt: timestampTz('updated_at').notNull().defaultNow().$onUpdate(() => new Date()),
});

/**
 * listings — the embedded store's products (DESIGN §5 Online store), served at /store/{slug}.
 * Unused with the WooCommerce adapter. Deleted with the lot. One product per SKU (the lot number), so listing again
 * updates it. status mirrors WooCommerce's product status ('publish'); quantity is the stock quantity; title, html,
 * price, categories and images are what the listing sent, so the public page does not change while the lot is
 * edited. The slug is kept when a product is listed again: a shared link stays good.
 */
export const listings = pgTable(
  'listings',
  {
    id: serial('id').primaryKey(),
    manifestId: integer('manifest_id').notNull().references(() => lots.id, { onDelete: 'cascade' }),
    sku: text('sku').notNull().unique(),
    slug: text('slug').notNull().unique(),
    title: text('title').notNull().default(''),
    html: text('html').notNull().default(''),
    price: money('price'),
    status: text('status').notNull().default('publish'),
    quantity: integer('quantity').notNull().default(0),
    categories: jsonb('categories').$type<number[]>().notNull().default([]),
    images: jsonb('images').$type<string[]>().notNull().default([]),
    createdAt: createdAt(),
    updatedAt: timestampTz('updated_at').notNull().defaultNow().$onUpdate(() => new Date()),
  },
  (t) => [index('listings_manifest_idx').on(t.manifestId)],
);

/**
 * processed_messages — the outbox dedup record (DESIGN §4, server/db/dedup.ts): written in the SAME transaction
 * as the mutation it answers, keyed by (user, client-msg-id); a replayed request finds its row and gets `reply`
 * again instead of changing anything twice. A STOMP SEND's `reply` is its replies as delivered, `[{topic, body}]`
 * with body the JSON text (server/stomp/exactly-once.ts); a mutating HTTP request's key is `http:` + its
 * Idempotency-Key and its `reply` is `{status, body}` (server/http/idempotency.ts). `destination` is what the key
 * was used for (a SEND's destination, an HTTP `METHOD /path`): the same key sent elsewhere is refused, never answered
 * with this reply; '' on records made before it was kept, which any destination replays.
 * Rows older than the outbox can hold an entry may be purged by created_at.
 */
export const processedMessages = pgTable(
  'processed_messages',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    clientMsgId: text('client_msg_id').notNull(),
    destination: text('destination').notNull().default(''),
    reply: jsonb('reply').notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.clientMsgId] }), index('processed_messages_created_idx').on(t.createdAt)],
);
