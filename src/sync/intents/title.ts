// A lot title as the create and rename intents accept it: trimmed, not blank, within the contract's limit.
import { TITLE_MAX } from '../../protocol/lots';
import { ClientMessages } from '../../protocol/messages';

/** The title to send, or throws with the text the user sees ('Title cannot be empty'). */
export function validTitle(title: string): string {
  const trimmed = title.trim();
  if (trimmed === '') throw new Error(ClientMessages.titleRequired);
  if (trimmed.length > TITLE_MAX) throw new Error(`Title must be at most ${TITLE_MAX} characters`);
  return trimmed;
}
