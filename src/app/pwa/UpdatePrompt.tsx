// The 'new version' banner: shown while a new service worker waits, never blocking the screen. 'Reload'
// switches to the new version now; 'Later' hides the banner and leaves the current page running.
import { useSyncExternalStore } from 'react';
import { UpdateMessages } from '../../protocol/messages';
import { buttonClass } from '../../ui/button';
import { applyUpdate, postponeUpdate, pwaUpdate } from './register';

export function UpdatePrompt() {
  const { updateAvailable } = useSyncExternalStore(pwaUpdate.subscribe, pwaUpdate.get);
  if (!updateAvailable) return null;
  return (
    <div
      role="status"
      aria-live="polite"
      data-testid="update-prompt"
      className="fixed inset-x-3 bottom-3 z-50 mx-auto flex max-w-xl flex-wrap items-center gap-3 rounded-lg bg-slate-800 px-4 py-3 text-white shadow-lg"
    >
      <span className="grow text-base">{UpdateMessages.available}</span>
      <button type="button" className={buttonClass.secondary} onClick={postponeUpdate}>
        {UpdateMessages.later}
      </button>
      <button type="button" className={buttonClass.primary} onClick={() => void applyUpdate()}>
        {UpdateMessages.reload}
      </button>
    </div>
  );
}
