// Setting up tablets and phones (issue 30): the server's device-setup facts for the admins' Devices screen, and the
// addresses made from them. No table: the facts are the server's network, held in memory while the screen is open.
// This file is the domain's only public face.
import { defineDomain } from '../../sync/domain';
import { deviceSetup, deviceSetupRefused, deviceSetupTopic } from './state';

export const devicesDomain = defineDomain({
  name: 'devices',
  topics: { deviceSetup: deviceSetupTopic },
  refusals: { getDeviceSetup: deviceSetupRefused },
  // What came before a drop may be out of date by the reconnect (the kept query asks again).
  onDisconnect: () => deviceSetup.reset(),
  reset: () => deviceSetup.reset(),
});

export { appAddress, fingerprintGroups, plainAddress, setupAddress } from './addresses';
export { useDeviceSetup } from './hooks';
export { deviceSetup, type DeviceSetupState } from './state';
