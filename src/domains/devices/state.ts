// The server's device-setup facts as last answered (issue 30), kept in memory for the visit: they are the server's
// network, not replica data, so nothing is stored on the device. Ingest writes here; the Devices screen reads.
import { contract } from '../../protocol/contract';
import type { DeviceSetup } from '../../protocol/devices';
import type { RefusalHandler, TopicHandler } from '../../sync/domain';
import { parsed } from '../../sync/ingest/parsed';
import { createStore } from '../../sync/store';

export interface DeviceSetupState {
  /** The last answer; undefined until one comes, and again after a drop (the addresses may have changed). */
  readonly facts: DeviceSetup | undefined;
  /** The server's message when it refused (not an admin). */
  readonly refusal: string | undefined;
}

const NONE: DeviceSetupState = { facts: undefined, refusal: undefined };
const store = createStore<DeviceSetupState>(NONE);

export const deviceSetup = { get: store.get, subscribe: store.subscribe, reset: (): void => store.set(NONE) };

/** /user/topics/deviceSetup: the facts, checked against the contract. */
export const deviceSetupTopic: TopicHandler = (body) => {
  const facts = parsed(contract.getDeviceSetup.reply.data, body, 'deviceSetup');
  if (facts !== undefined) store.set({ facts, refusal: undefined });
};

/** FORBIDDEN: shown on the screen itself, not as a toast (the screen is the only one asking). */
export const deviceSetupRefused: RefusalHandler = (envelope, feedback) => {
  feedback.status.ready();
  store.set({ facts: undefined, refusal: envelope.message ?? '' });
};
