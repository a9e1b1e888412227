// Multiple SKUs (spec §2, §5): the SKU entry; none → the alert 'No SKUs entered.' and nothing sent; else the
// confirmation 'Getting Lots by SKUs for N lots.' ('Are you sure you want to Update Categories?', button
// 'Update Categories'), then the look-up, with the progress dialog showing the status message until the run is
// over (skus-run.ts). Offline nothing is sent and a warning says why. The found lots are the caller's to show
// and select.
import { useEffect, useRef, useState } from 'react';
import { findLotsBySkus, lotLookups } from '../../domains/lots';
import { sync } from '../../sync/runtime';
import { useStatus } from '../../sync/hooks';
import { notifier } from '../../sync/feedback/notifier';
import { status } from '../../sync/feedback/status';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { MultipleSkuDialog } from '../../ui/MultipleSkuDialog';
import { ProgressDialog } from '../../ui/ProgressDialog';
import { useOnePress } from '../../ui/use-one-press';
import { useShownAtLeast } from '../../ui/use-shown-at-least';
import { watchSkusRun } from './skus-run';

export const PROGRESS_TITLE = 'Getting Lots by SKUs';
/** A query is never queued (DESIGN §4), so offline the person is told rather than left waiting. */
export const SKUS_NEED_CONNECTION = 'Multiple SKUs needs the server: try again when back online.';

export interface MultipleSkusProps {
  readonly open: boolean;
  readonly onOpenChange: (open: boolean) => void;
  /** The look-up was sent for these SKUs. */
  readonly onSent: (skus: readonly string[]) => void;
}

export function MultipleSkus({ open, onOpenChange, onSent }: MultipleSkusProps) {
  const [skus, setSkus] = useState<readonly string[] | undefined>(undefined);
  const [running, setRunning] = useState(false);
  const { message } = useStatus();
  // A reply in a few milliseconds would close the dialog before anyone saw it: it stays up a moment.
  const progressShown = useShownAtLeast(running);
  const stopWatching = useRef<(() => void) | undefined>(undefined);
  useEffect(() => () => stopWatching.current?.(), []);

  const entered = (list: string[]): void => {
    if (list.length === 0) findLotsBySkus(list); // alerts 'No SKUs entered.', sends nothing
    else setSkus(list);
  };
  const run = (list: readonly string[]): void => {
    if (!findLotsBySkus(list)) {
      notifier.warning(SKUS_NEED_CONNECTION);
      return;
    }
    stopWatching.current?.();
    setRunning(true);
    stopWatching.current = watchSkusRun({ lookups: lotLookups, status, connection: sync().connection }, () => {
      stopWatching.current = undefined;
      setRunning(false);
    });
    onSent(list);
  };
  // One look-up at a time: a second Update Categories while one runs would only ask again (issue 31).
  const lookUp = useOnePress(run, running);

  return (
    <>
      <MultipleSkuDialog open={open} onOpenChange={onOpenChange} onProceed={entered} />
      <ConfirmDialog
        open={skus !== undefined}
        onOpenChange={(next) => !next && setSkus(undefined)}
        title={`Getting Lots by SKUs for ${skus?.length ?? 0} lots.`}
        message="Are you sure you want to Update Categories?"
        proceedLabel="Update Categories"
        onProceed={() => skus !== undefined && lookUp.press(skus)}
      />
      <ProgressDialog open={progressShown} title={PROGRESS_TITLE} message={message} />
    </>
  );
}
