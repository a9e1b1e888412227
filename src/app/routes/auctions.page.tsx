// The /auctions page (spec §2 Auctions): the auctions screen joined with the listing feature's Listing Manager, which
// the screen opens as its auction listing manager (features never import each other).
import { AuctionsScreen } from '../../features/auctions/AuctionsScreen';
import { ListingManager } from '../../features/listing/ListingManager';

export function AuctionsPage() {
  return <AuctionsScreen ListingManager={ListingManager} />;
}
