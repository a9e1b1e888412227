// An in-memory stand-in for the server's lots handlers, hung on a FakeConnection: it applies createManifest,
// updateManifestTitleById and deleteLots once per client-msg-id (a replay gets the stored replies again), answers
// getLots and getLotById, repeats the client-msg-id on every reply, and sends the RECEIPT after the replies,
// as the real server does. Replies travel on a later tick; if the socket drops first they are lost.
import { CLIENT_MSG_ID_HEADER } from '../../../../src/protocol/auth';
import { Destination } from '../../../../src/protocol/destinations';
import { errorEnvelope, okEnvelope } from '../../../../src/protocol/envelope';
import { ErrorCode, LOT_NOT_FOUND_OR_NOT_OWNED } from '../../../../src/protocol/error-codes';
import { TitleUpdateRequestSchema, type Lot } from '../../../../src/protocol/lots';
import { MessageType } from '../../../../src/protocol/message-types';
import { Topic, type TopicPath } from '../../../../src/protocol/topics';
import type { FakeConnection, SentFrame } from './fake-connection';

type Reply = { topic: TopicPath; body: unknown };

export interface AppliedMutation {
  readonly clientMsgId: string;
  readonly destination: string;
  readonly body: unknown;
}

export interface FakeServer {
  readonly lots: Map<number, Lot>;
  /** Mutations applied, in order: each client-msg-id at most once. */
  readonly applied: AppliedMutation[];
  /** Codes the next mutations fail with before touching anything (500, 401, …), first first. */
  readonly failNext: number[];
  /** The next mutation is applied, then the socket drops before its replies and receipt go out. */
  dropAfterApplyNext: boolean;
  /** While true, replies wait in `held` until `release()`. */
  holding: boolean;
  release(): void;
}

export function makeLot(id: number, titleListing: string, userId = 7, fields: Partial<Lot> = {}): Lot {
  return {
    id, lotNumber: `LOT-${String(id).padStart(6, '0')}`, titleListing, status: 'NOT_LISTED', slug: null, categories: [],
    numberOfPallets: 0, numberOfCartons: 0, numberOfUnits: 0, totalOriginalRetail: 0, totalListingPrice: 0,
    specialNotes: null, userId, loc_zone: null, loc_aisle: null, loc_column: null, loc_row: null, loc_box: null,
    auctionEventManifests: [], ...fields,
  };
}

export function createFakeServer(connection: FakeConnection, userId = 7): FakeServer {
  const lots = new Map<number, Lot>();
  const stored = new Map<string, Reply[]>();
  const applied: AppliedMutation[] = [];
  const held: Array<() => void> = [];
  let nextId = 1;

  const refuse = (message: string): Reply[] => [{ topic: Topic.incomingMessages, body: errorEnvelope(ErrorCode.BAD_REQUEST, message) }];

  function mutate(frame: SentFrame, clientMsgId: string): Reply[] {
    if (frame.destination === Destination.createManifest) {
      const title = typeof frame.body === 'string' ? frame.body.trim() : '';
      if (title === '') return refuse('Invalid request: Must not be empty');
      const lot = makeLot(nextId++, title, userId);
      lots.set(lot.id, lot);
      applied.push({ clientMsgId, destination: frame.destination, body: frame.body });
      return [{ topic: Topic.incomingMessages, body: okEnvelope(MessageType.CREATED_MANIFEST, lot, `Created manifest: ${title}`) }];
    }
    if (frame.destination === Destination.updateManifestTitleById) {
      const request = TitleUpdateRequestSchema.safeParse(frame.body);
      if (!request.success) return refuse('Invalid request: lotId: Too small');
      const { lotId, newTitle } = request.data;
      const lot = lots.get(lotId);
      if (lot === undefined) return refuse(LOT_NOT_FOUND_OR_NOT_OWNED);
      const renamed = { ...lot, titleListing: newTitle };
      lots.set(lotId, renamed);
      applied.push({ clientMsgId, destination: frame.destination, body: frame.body });
      return [{ topic: Topic.incomingMessages, body: okEnvelope(MessageType.UPDATED_LOT_TITLE, renamed) }];
    }
    if (frame.destination === Destination.deleteLots) {
      const ids = Array.isArray(frame.body) ? frame.body.map((row: { id?: unknown }) => Number(row.id)) : [];
      if (ids.length === 0 || ids.some((id) => !lots.has(id))) return refuse(LOT_NOT_FOUND_OR_NOT_OWNED); // all or nothing
      ids.forEach((id) => lots.delete(id));
      applied.push({ clientMsgId, destination: frame.destination, body: frame.body });
      return [{ topic: Topic.incomingMessages, body: okEnvelope(MessageType.DELETED_LOTS, ids, `Deleted lots: ${ids.length}`) }];
    }
    return [{ topic: Topic.errors, body: errorEnvelope(ErrorCode.NOT_FOUND, `Destination not yet served: ${frame.destination}`) }];
  }

  function query(frame: SentFrame): Reply[] {
    if (frame.destination === Destination.getLots) return [{ topic: Topic.lots, body: [...lots.values()] }];
    if (frame.destination === Destination.getLotById) {
      const lot = lots.get(Number(frame.body));
      return lot === undefined ? refuse(LOT_NOT_FOUND_OR_NOT_OWNED) : [{ topic: Topic.lotById, body: lot }];
    }
    return [];
  }

  const server: FakeServer = {
    lots,
    applied,
    failNext: [],
    dropAfterApplyNext: false,
    holding: false,
    release() {
      held.splice(0).forEach((send) => send());
    },
  };

  connection.onPublish = (frame) => {
    const clientMsgId = frame.headers?.[CLIENT_MSG_ID_HEADER];
    const receipt = frame.headers?.receipt;
    let replies: Reply[];
    let drop = false;
    if (clientMsgId === undefined) {
      replies = query(frame);
    } else if (stored.has(clientMsgId)) {
      replies = stored.get(clientMsgId) ?? [];
    } else {
      const failure = server.failNext.shift();
      if (failure === ErrorCode.UNAUTHORIZED) {
        replies = [{ topic: Topic.errors, body: errorEnvelope(failure, 'Unauthorized: sign in again.') }];
      } else if (failure !== undefined) {
        replies = [{ topic: Topic.incomingMessages, body: errorEnvelope(failure, 'Internal server error. Please try again.') }];
      } else {
        replies = mutate(frame, clientMsgId);
        if (applied.at(-1)?.clientMsgId === clientMsgId) stored.set(clientMsgId, replies);
        drop = server.dropAfterApplyNext;
        server.dropAfterApplyNext = false;
      }
    }
    const headers: Record<string, string> = clientMsgId === undefined ? {} : { [CLIENT_MSG_ID_HEADER]: clientMsgId };
    const socket = connection.getSnapshot();
    const send = (): void => {
      // A reply never crosses a reconnect: the socket it was meant for is gone.
      if (connection.getSnapshot() !== socket) return;
      for (const reply of replies) connection.deliver(reply.topic, reply.body, headers);
      if (receipt !== undefined) connection.receipt(receipt);
    };
    if (drop) queueMicrotask(() => connection.close());
    setTimeout(() => (server.holding ? held.push(send) : send()), 0);
  };
  return server;
}
