// The auctions domain's public face: auction events and their lots in sale order (shared by all staff).
export { auctionHandlers } from './handlers';
