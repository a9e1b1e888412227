// Inventory replies and pushes into the replica (spec §7): FOUND_INVENTORY_EVENTS replaces the events,
// CREATED_UPDATED_INVENTORY_EVENT puts one (our create made offline gets its real id), FOUND_MANIFEST_HISTORY
// replaces the rows of the event it answers, CREATED_MANIFEST_HISTORY puts one (our scan gets its real id),
// DELETED_MANIFEST_HISTORIES removes ids. Rows with a change of ours pending stay until it settles.
import { contract } from '../../protocol/contract';
import type { Envelope } from '../../protocol/envelope';
import type { EnvelopeHandler, IngestContext } from '../../sync/domain';
import { parsed } from '../../sync/ingest/parsed';
import { withIntents } from '../../sync/outbox/optimistic';
import { historyTable, inventoryEventsTable } from './tables';

const Events = contract.getInventoryEvents.reply.data;
const Event = contract.createInventoryEvent.reply.data;
const History = contract.getManifestHistory.reply.data;
const HistoryAsked = contract.getManifestHistory.payload;
const EventsAsked = contract.getInventoryEvents.payload;
const Entry = contract.createManifestHistory.reply.data;
const DeletedIds = contract.deleteManifestHistory.reply.data;

// Our own replies only: another person's change (a push) updates the replica silently.
const announceOurs = (envelope: Envelope, context: IngestContext): void => void (context.clientMsgId !== undefined && context.announce(envelope.message));

/** A filter of 0, null or absent asks for any: the reply is then the whole list. */
const any = (id: number | null | undefined): boolean => id === undefined || id === null || id === 0;

const foundEvents: EnvelopeHandler = async (envelope, context) => {
  const events = parsed(Events, envelope.data, 'inventory events');
  if (events === undefined) return;
  const asked = context.request?.destination === 'getInventoryEvents' ? EventsAsked.safeParse(context.request.body) : undefined;
  const whole = asked?.success === true && any(asked.data.createdById) && any(asked.data.id);
  await context.write(async (db, { user }) => {
    const table = db.rows(inventoryEventsTable);
    if (whole) {
      const kept = new Set(events.map(({ id }) => id));
      await table.filter((row) => row.pending !== 1 && !kept.has(row.id)).delete();
    }
    await table.bulkPut(await withIntents(db, user, inventoryEventsTable.name, events));
  });
};

const eventCreated: EnvelopeHandler = async (envelope, context) => {
  const event = parsed(Event, envelope.data, 'inventory event');
  if (event === undefined) return;
  await context.write(async (db, who) => {
    await context.created(db, who, event.id);
    await db.rows(inventoryEventsTable).bulkPut(await withIntents(db, who.user, inventoryEventsTable.name, [event]));
  });
  announceOurs(envelope, context);
};

const foundHistory: EnvelopeHandler = async (envelope, context) => {
  const rows = parsed(History, envelope.data, 'manifest history');
  if (rows === undefined) return;
  const asked = context.request?.destination === 'getManifestHistory' ? HistoryAsked.safeParse(context.request.body) : undefined;
  const eventId = asked?.success === true && !any(asked.data.inventoryEventId) && any(asked.data.manifestId) ? asked.data.inventoryEventId : undefined;
  await context.write(async (db, { user }) => {
    const table = db.rows(historyTable);
    if (typeof eventId === 'number') {
      const kept = new Set(rows.map(({ id }) => id));
      await table.where('inventoryEventId').equals(eventId).filter((row) => row.pending !== 1 && !kept.has(row.id)).delete();
    }
    await table.bulkPut(await withIntents(db, user, historyTable.name, rows));
  });
};

const historyCreated: EnvelopeHandler = async (envelope, context) => {
  const entry = parsed(Entry, envelope.data, 'manifest history entry');
  if (entry === undefined) return;
  await context.write(async (db, who) => {
    await context.created(db, who, entry.id);
    await db.rows(historyTable).bulkPut(await withIntents(db, who.user, historyTable.name, [entry]));
  });
  // A scan a second: the status line says it, not a toast each time.
  if (context.clientMsgId !== undefined) context.feedback.status.ready(envelope.message ?? undefined);
};

const historyDeleted: EnvelopeHandler = async (envelope, context) => {
  const ids = parsed(DeletedIds, envelope.data, 'deleted history entries');
  if (ids === undefined) return;
  await context.write(async (db) => db.rows(historyTable).bulkDelete(ids));
  announceOurs(envelope, context);
};

export const inventoryMessages = {
  FOUND_INVENTORY_EVENTS: foundEvents,
  CREATED_UPDATED_INVENTORY_EVENT: eventCreated,
  FOUND_MANIFEST_HISTORY: foundHistory,
  CREATED_MANIFEST_HISTORY: historyCreated,
  DELETED_MANIFEST_HISTORIES: historyDeleted,
} as const satisfies Record<string, EnvelopeHandler>;
