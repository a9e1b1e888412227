// How the lots intents' hooks tell the user why a change could not be queued (a refused input, full storage).
import { notifier } from '../../sync/notifier';

export function showError(error: unknown): void {
  notifier.error(error instanceof Error ? error.message : String(error));
}
