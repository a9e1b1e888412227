// The Lots list, the home page (spec §2 Lots list). Placeholder: the heading with its count, until the
// replica and the lots table land.
import { ScreenTitle } from '../../ui/ScreenTitle';

export function LotsScreen({ count = 0 }: { count?: number }) {
  return <ScreenTitle>{`Lots (${count})`}</ScreenTitle>;
}
