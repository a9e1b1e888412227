// The /home page (spec §2 Lots list): the lots screen joined with selling's part (the Listing Manager, Unlist Lots
// and the listing queues' progress), which the lots feature takes as a prop (features never import each other).
import { Selling } from '../../features/listing/Selling';
import { LotsScreen } from '../../features/lots/LotsScreen';

export function LotsPage() {
  return <LotsScreen Selling={Selling} />;
}
