// Success messages of our own replies, shown once per client-msg-id: a resend after a reconnect gets the stored
// replies again (DESIGN §4), and the user must not read 'Created manifest: …' twice.
import type { Envelope } from '../../protocol/envelope';
import { showDone, type Feedback } from '../feedback/notifier';

const ANNOUNCED_MAX = 200; // ids remembered; a resend comes within a few entries of the original

/** Shows `message` (status 'Ready.' and a success toast) unless this client-msg-id was announced already;
 * true when it was shown now. */
export type Announce = (message: string | null | undefined, clientMsgId: string | undefined) => boolean;

export function createAnnouncer(feedback: Feedback): Announce {
  const announced: string[] = [];
  return (message, clientMsgId) => {
    if (clientMsgId !== undefined) {
      if (announced.includes(clientMsgId)) return false;
      announced.push(clientMsgId);
      if (announced.length > ANNOUNCED_MAX) announced.shift();
    }
    showDone(feedback, message ?? undefined);
    return true;
  };
}

/**
 * A reader of OK envelopes on incomingMessages besides ingest's own (the catalogue, boxes and items). It says
 * at once (synchronously) whether the envelope is its own, and starts its replica write in the same task: the
 * RECEIPT may follow in the same task, and the replayer must not read the outbox (a temporary id not yet
 * remapped) before this write has begun.
 */
export interface EnvelopeReader {
  /** The write's promise when the envelope is this reader's; undefined when it is not. */
  readonly incoming: (envelope: Envelope, clientMsgId: string | undefined) => Promise<void> | undefined;
}
