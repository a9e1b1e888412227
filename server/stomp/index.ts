// The STOMP layer's public face: the codec, the endpoint and the application contract. Import from here only;
// Session and the negotiation helpers are internals.
export { attachStomp } from './server';
export { encodeFrame, StompProtocolError, type StompFrame } from './frame';
export { FrameParser } from './frame-parser';
export { SERVER_NAME } from './server-frames';
export {
  DEFAULT_HEART_BEAT,
  DEFAULT_LIMITS,
  type StompApplication,
  type StompHeartBeat,
  type StompLimits,
  type StompLogger,
  type StompSendFrame,
  type StompServer,
  type StompServerOptions,
  type StompSession,
} from './types';
