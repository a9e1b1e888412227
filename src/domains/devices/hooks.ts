// React binding for the device-setup facts (issue 30): asked while the Devices screen shows them, again on every
// reconnect and every little while (addresses come and go), and read from the domain's in-memory state.
import { useEffect, useSyncExternalStore } from 'react';
import { useSession } from '../../sync/hooks';
import { sync } from '../../sync/runtime';
import { deviceSetup, type DeviceSetupState } from './state';

/** A Wi-Fi change or a new DHCP lease moves the server: the open screen follows within this. */
const REFRESH_MS = 30_000;

export function useDeviceSetup(): DeviceSetupState {
  const { isAdmin } = useSession();
  useEffect(() => {
    // Only admins may ask (the server refuses others). Kept here rather than with useKeptQuery: its body is none
    // (NoBody), which useKeptQuery reads as "keep nothing".
    if (!isAdmin) return undefined;
    const release = sync().queries.keep('getDeviceSetup', undefined);
    const refresh = setInterval(() => sync().queries.invalidate('getDeviceSetup'), REFRESH_MS);
    return () => {
      clearInterval(refresh);
      release();
    };
  }, [isAdmin]);
  return useSyncExternalStore(deviceSetup.subscribe, deviceSetup.get);
}
