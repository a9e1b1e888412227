// The push bus's public face: the interface handlers' pushes go through, and the in-process implementation.
export type { PushBus, PushChange, PushSession } from './bus';
export { InProcessPushBus } from './in-process';
