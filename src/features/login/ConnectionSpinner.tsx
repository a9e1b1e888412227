// The Login screen's connection overlay (spec §2): 'Loading/Connecting...' on first load, 'Connecting...'
// once the connection has been down, and 'Error: ' plus the text when a connection error exists.
// A Logout while offline shows the login page without it (useConnectionOverlay).
import { useEffect, useState } from 'react';
import type { ConnectionSnapshot } from '../../sync/transport/connection';
import { FullScreenSpinner } from '../../ui/Spinner';

export const CONNECTING = 'Connecting...';
export const LOADING_CONNECTING = 'Loading/Connecting...';

/**
 * Whether the overlay shows. Reaching the login page with the connection already down (a Logout while offline,
 * issue 13) shows the page itself, not the overlay, until the connection is made again; after that, and on a
 * visit that starts connected or connecting, the overlay follows the connection as spec §2 says.
 */
export function useConnectionOverlay(snapshot: ConnectionSnapshot): boolean {
  const [arrivedOffline, setArrivedOffline] = useState(() => snapshot.down && snapshot.state !== 'ready');
  useEffect(() => {
    if (snapshot.state === 'ready') setArrivedOffline(false);
  }, [snapshot.state]);
  return snapshot.state === 'loading' && !arrivedOffline;
}

export function ConnectionSpinner({ snapshot }: { snapshot: ConnectionSnapshot }) {
  return (
    <FullScreenSpinner>
      <p>{snapshot.down ? CONNECTING : LOADING_CONNECTING}</p>
      {snapshot.lastError !== undefined && <p className="text-red-700">{`Error: ${snapshot.lastError}`}</p>}
    </FullScreenSpinner>
  );
}
