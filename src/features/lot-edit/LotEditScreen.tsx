// Lot edit (spec §2 Lot edit). Placeholder: the title, or the spec's warning for a non-numeric lot id.
// The route parses the id; this screen only shows what it was given.
import { ScreenTitle } from '../../ui/ScreenTitle';
import { Warning } from '../../ui/Warning';

export function LotEditScreen({ lotId, rawLotId }: { lotId: number | undefined; rawLotId: string }) {
  if (lotId === undefined) return <Warning>{`Invalid lot ID: ${rawLotId}`}</Warning>;
  return <ScreenTitle>{`Lot Edit ${lotId}`}</ScreenTitle>;
}
