// The wire contract shared by client and server: import from here.
export * from './auth';
export * from './contract';
export * from './destinations';
export * from './entities';
export * from './envelope';
export * from './error-codes';
export * from './http';
export * from './message-types';
export * from './primitives';
export * from './topics';
