// The push bus across server processes on one PostgreSQL database (issue 18; DESIGN §5). Each process keeps its own
// sessions in an InProcessPushBus and delivers its own pushes at once. A push is also written to push_messages and its
// id NOTIFYed on 'lotdesk_push' with the sending process's id; every other process, LISTENing on a connection of its
// own, reads the row and hands it to its sessions, where the owner-and-admins rule applies (the sender's session is
// skipped there: session ids are UUIDs, unique across processes). Only ids travel in the notification, so a body of
// any size crosses. When the listening connection drops it is made again (backoff up to 5 s); pushes sent meanwhile
// reach that process's sessions only when their screens ask again, as after any reconnect.
import { randomUUID } from 'node:crypto';
import { eq, lt, sql } from 'drizzle-orm';
import { TopicName } from '../../src/protocol/topics';
import pg from 'pg';
import type { VerifiedUser } from '../auth/tokens';
import { pushMessages, type Db } from '../db';
import type { Logger } from '../services';
import type { PushBus, PushChange, PushSession } from './bus';
import { InProcessPushBus } from './in-process';

export const PUSH_CHANNEL = 'lotdesk_push';
/** A push row is read by the other processes within milliseconds; a minute covers a slow one. */
const KEEP_MS = 60_000;
const PURGE_EVERY_MS = 30_000;
const RETRY_MAX_MS = 5_000;

/** `{process id}:{row id}`: what a notification carries. */
const notification = (processId: string, rowId: number): string => `${processId}:${rowId}`;

function parseNotification(payload: string | undefined): { processId: string; rowId: number } | undefined {
  const [processId, rowId] = (payload ?? '').split(':');
  const id = Number(rowId);
  return processId === undefined || !Number.isSafeInteger(id) ? undefined : { processId, rowId: id };
}

export class PostgresPushBus implements PushBus {
  private readonly local: InProcessPushBus;
  private readonly processId = randomUUID();
  private listener: pg.Client | undefined;
  private closed = false;
  private retryMs = 100;
  private purger: NodeJS.Timeout | undefined;
  /** The pushes on their way to the other processes, in publish order (publish). */
  private toOthers: Promise<void> = Promise.resolve();

  constructor(
    private readonly databaseUrl: string,
    private readonly db: Db,
    private readonly logger: Logger,
    now: () => number = Date.now,
  ) {
    this.local = new InProcessPushBus(now);
  }

  /** Listens before the server takes its first connection, so no push made after that is missed. */
  async start(): Promise<void> {
    await this.listen();
    this.purger = setInterval(() => void this.purge(), PURGE_EVERY_MS);
    this.purger.unref();
  }

  attach(session: PushSession, user: VerifiedUser): void {
    this.local.attach(session, user);
  }

  detach(session: PushSession): void {
    this.local.detach(session);
  }

  closeSessionsOf(username: string, keep?: (user: VerifiedUser) => boolean): number {
    return this.local.closeSessionsOf(username, keep);
  }

  usernames(): string[] {
    return this.local.usernames();
  }

  /**
   * This process's sessions have the change when this returns; the other processes hear of it after the pushes
   * published before it (a chain of their own), so a sender's later pushes never wait here on database round trips:
   * a change that pushes a lot and its items reaches this process's screens as one.
   */
  async publish(change: PushChange): Promise<void> {
    this.local.deliver(change);
    this.toOthers = this.toOthers.then(() => this.tellOthers(change));
  }

  private async tellOthers(change: PushChange): Promise<void> {
    try {
      const [row] = await this.db
        .insert(pushMessages)
        .values({ owner: change.owner, topic: change.topic, body: change.body, exceptSessionId: change.exceptSessionId ?? null })
        .returning({ id: pushMessages.id });
      if (row !== undefined) await this.db.execute(sql`select pg_notify(${PUSH_CHANNEL}, ${notification(this.processId, row.id)})`);
    } catch (error) {
      // The change is committed and its sender answered: other processes' screens catch up when they next ask.
      this.logger.warn({ err: error }, 'push to other processes failed');
    }
  }

  async close(): Promise<void> {
    this.closed = true;
    await this.toOthers; // what was published before the stop still reaches the other processes
    clearInterval(this.purger);
    await this.listener?.end().catch(() => undefined);
    this.listener = undefined;
    await this.local.close();
  }

  private async listen(): Promise<void> {
    const client = new pg.Client({ connectionString: this.databaseUrl });
    client.on('notification', (message) => void this.received(message.payload));
    client.on('error', (error) => {
      this.logger.warn({ err: error }, 'push listener connection lost');
      void client.end().catch(() => undefined);
      this.reconnectLater();
    });
    await client.connect();
    await client.query(`listen ${PUSH_CHANNEL}`);
    this.listener = client;
    this.retryMs = 100;
  }

  private reconnectLater(): void {
    this.listener = undefined;
    if (this.closed) return;
    const delay = this.retryMs;
    this.retryMs = Math.min(this.retryMs * 2, RETRY_MAX_MS);
    setTimeout(() => {
      if (this.closed) return;
      this.listen().catch((error: unknown) => {
        this.logger.warn({ err: error }, 'push listener could not reconnect');
        this.reconnectLater();
      });
    }, delay).unref();
  }

  private async received(payload: string | undefined): Promise<void> {
    const parsed = parseNotification(payload);
    if (parsed === undefined || parsed.processId === this.processId) return;
    try {
      const [row] = await this.db.select().from(pushMessages).where(eq(pushMessages.id, parsed.rowId));
      const topic = TopicName.find((name) => name === row?.topic);
      if (row === undefined || topic === undefined) return;
      this.local.deliver({ owner: row.owner, topic, body: row.body, ...(row.exceptSessionId === null ? {} : { exceptSessionId: row.exceptSessionId }) });
    } catch (error) {
      this.logger.warn({ err: error }, 'a push from another process could not be read');
    }
  }

  private async purge(): Promise<void> {
    try {
      await this.db.delete(pushMessages).where(lt(pushMessages.createdAt, new Date(Date.now() - KEEP_MS)));
    } catch (error) {
      this.logger.warn({ err: error }, 'old pushes could not be purged');
    }
  }
}
