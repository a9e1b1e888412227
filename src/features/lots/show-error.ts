// How the lots intents' hooks tell the user why a change could not be queued (a refused input, full storage).
import { notifier } from '../../sync/notifier';
import { messageOf } from '../../sync/validated';

export function showError(error: unknown): void {
  notifier.error(messageOf(error));
}
