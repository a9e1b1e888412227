// The auctions domain's public face: auction events and their lots in sale order (shared by all staff), and what
// listing an auction lot needs (the listings domain lists it).
export { auctionHandlers } from './handlers';
export { auctionListingOf, type AuctionListing } from './queries';
