// The server refused this app's protocol version, or another tab runs a newer app (issue 32). Too old: one clear prompt, "LotDesk was updated. Reload to
// continue; your N queued changes are kept." with Reload (the newer app is fetched and installed first; the queue
// stays in IndexedDB and is replayed by the new app). Newer than the server: said plainly, the queue kept; the
// connection asks again now and then. Nothing queued is sent while either shows. The count comes with the engine
// (after the login screen); before it the prompt names no number.
import { lazy, Suspense } from 'react';
import { ClientMessages } from '../../protocol/messages';
import { CLIENT_TOO_OLD } from '../../protocol/version';
import { syncReady } from '../../sync/core';
import { useConnection, useNewerApp } from '../../sync/hooks';
import { buttonClass } from '../../ui/button';
import { reloadToNewVersion } from './register';

const QueuedCount = lazy(async () => {
  await syncReady();
  const { useOutboxSummary } = await import('../../sync/live-hooks');
  const Counted = () => <>{ClientMessages.clientTooOld(useOutboxSummary().queued)}</>;
  return { default: Counted };
});

export function VersionPrompt() {
  const { versionRefused } = useConnection();
  const newerElsewhere = useNewerApp();
  if (versionRefused === undefined && !newerElsewhere) return null;
  const tooOld = newerElsewhere || versionRefused === CLIENT_TOO_OLD;
  return (
    <div
      role="alert"
      data-testid="version-prompt"
      className="fixed inset-x-3 bottom-3 z-50 mx-auto flex max-w-xl flex-wrap items-center gap-3 rounded-lg bg-slate-800 px-4 py-3 text-white shadow-lg"
    >
      <span className="grow text-base">
        {tooOld ? <Suspense fallback={ClientMessages.clientTooOld(undefined)}><QueuedCount /></Suspense> : ClientMessages.serverTooOld}
      </span>
      {tooOld && (
        <button type="button" className={buttonClass.primary} onClick={() => void reloadToNewVersion()}>
          Reload
        </button>
      )}
    </div>
  );
}
