// The storage warning under the top bar: a near-full device or a quota error, in words a person can act on.
// Signing in starts the storage watch (persistence request, usage checks), since the data is the user's work.
import { useEffect, useSyncExternalStore } from 'react';
import { useSession } from '../../sync/hooks';
import { buttonClass } from '../../ui/button';
import { dismissStorageWarning, storageStatus, watchStorage, type StorageWarning as Warning } from './storage';

function formatBytes(bytes: number): string {
  return bytes >= 1e9 ? `${(bytes / 1e9).toFixed(1)} GB` : `${Math.round(bytes / 1e6)} MB`;
}

function warningText(warning: Warning): string {
  if (warning.kind === 'quota-exceeded') {
    return `Storage is full: a change could not be saved on this device (${warning.detail}). ` +
      'Free up space on the device, then repeat the change.';
  }
  const percent = Math.floor((warning.usage / warning.quota) * 100);
  return `Storage is almost full: ${percent} % used (${formatBytes(warning.usage)} of ${formatBytes(warning.quota)}). ` +
    'Let your changes sync and free up space on the device before working offline.';
}

export function StorageWarning() {
  const { token } = useSession();
  const { warning } = useSyncExternalStore(storageStatus.subscribe, storageStatus.get);

  useEffect(() => {
    if (token !== undefined) watchStorage();
  }, [token]);

  if (!warning) return null;
  return (
    <div
      role="alert"
      data-testid="storage-warning"
      className="flex flex-wrap items-center gap-3 border-b border-red-300 bg-red-50 px-4 py-2 text-red-900"
    >
      <span className="grow">{warningText(warning)}</span>
      <button type="button" className={buttonClass.secondary} onClick={dismissStorageWarning}>
        Dismiss
      </button>
    </div>
  );
}
