// Inventory events and history (spec §2 Inventory). Placeholder: the title only, until its issue lands.
import { ScreenTitle } from '../../ui/ScreenTitle';

export function InventoryScreen() {
  return <ScreenTitle>Inventory</ScreenTitle>;
}
