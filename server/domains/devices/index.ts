// The devices domain's public face (issue 30): how tablets and phones reach this server, for the Devices screen.
export { deviceHandlers } from './handlers';
