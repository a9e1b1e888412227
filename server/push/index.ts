// The push bus's public face: the interface handlers' pushes go through, the in-process implementation, and the
// PostgreSQL one that carries pushes between server processes.
export type { PushBus, PushChange, PushSession } from './bus';
export { InProcessPushBus } from './in-process';
export { PostgresPushBus, PUSH_CHANNEL } from './postgres';
