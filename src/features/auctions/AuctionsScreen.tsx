// Auction events (spec §2 Auctions). Placeholder: the title only, until its issue lands.
import { ScreenTitle } from '../../ui/ScreenTitle';

export function AuctionsScreen() {
  return <ScreenTitle>Auctions</ScreenTitle>;
}
