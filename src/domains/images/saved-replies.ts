// Which image our own save made, by the client-msg-id of its outbox entry: Image entry shows each row's result
// ('Uploaded image: …' and its thumbnail) after the entry is confirmed and gone from the outbox. Kept in memory for
// the visit: the reply reaches the tab whose replayer sent it, and a screen of that tab asks.
import type { Image } from '../../protocol/images';

export interface SavedReply {
  /** The server's message ('Uploaded image: {file name}'). */
  readonly message: string;
  readonly image: Image;
}

/** Far more than one run of a sheet needs to look back on; the oldest are forgotten first. */
const REMEMBERED_MAX = 2000;

const replies = new Map<string, SavedReply>();

export function rememberSavedReply(clientMsgId: string, reply: SavedReply): void {
  replies.delete(clientMsgId);
  replies.set(clientMsgId, reply);
  if (replies.size > REMEMBERED_MAX) {
    const [oldest] = replies.keys();
    if (oldest !== undefined) replies.delete(oldest);
  }
}

/** The reply to our entry with this client-msg-id, if it came to this tab. */
export const savedReplyOf = (clientMsgId: string): SavedReply | undefined => replies.get(clientMsgId);
