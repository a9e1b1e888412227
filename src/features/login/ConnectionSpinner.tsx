// The Login screen's connection overlay (spec §2): 'Loading/Connecting...' on first load, 'Connecting...'
// once the connection has been down, and 'Error: ' plus the text when a connection error exists.
import type { ConnectionSnapshot } from '../../sync/transport/connection';
import { FullScreenSpinner } from '../../ui/Spinner';

export const CONNECTING = 'Connecting...';
export const LOADING_CONNECTING = 'Loading/Connecting...';

export function ConnectionSpinner({ snapshot }: { snapshot: ConnectionSnapshot }) {
  return (
    <FullScreenSpinner>
      <p>{snapshot.down ? CONNECTING : LOADING_CONNECTING}</p>
      {snapshot.lastError !== undefined && <p className="text-red-700">{`Error: ${snapshot.lastError}`}</p>}
    </FullScreenSpinner>
  );
}
