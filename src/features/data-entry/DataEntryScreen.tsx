// UPC catalogue data entry (spec §2 Data entry). Placeholder: the title only, until its issue lands.
import { ScreenTitle } from '../../ui/ScreenTitle';

export function DataEntryScreen() {
  return <ScreenTitle>Data Entry</ScreenTitle>;
}
