// The session domain's public face: signing in.
export { sessionHandlers } from './handlers';
