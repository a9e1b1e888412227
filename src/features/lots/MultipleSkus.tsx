// Multiple SKUs (spec §2, §5): the SKU entry; none → the alert 'No SKUs entered.' and nothing sent; else the
// confirmation 'Getting Lots by SKUs for N lots.' ('Are you sure you want to Update Categories?', button
// 'Update Categories'), then the look-up. The found lots are the caller's to show and select.
import { useState } from 'react';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { MultipleSkuDialog } from '../../ui/MultipleSkuDialog';
import { findLotsBySkus } from './use-lot-lookups';

export interface MultipleSkusProps {
  readonly open: boolean;
  readonly onOpenChange: (open: boolean) => void;
  /** The look-up was sent for these SKUs. */
  readonly onSent: (skus: readonly string[]) => void;
}

export function MultipleSkus({ open, onOpenChange, onSent }: MultipleSkusProps) {
  const [skus, setSkus] = useState<readonly string[] | undefined>(undefined);
  const entered = (list: string[]): void => {
    if (list.length === 0) findLotsBySkus(list); // alerts 'No SKUs entered.', sends nothing
    else setSkus(list);
  };
  return (
    <>
      <MultipleSkuDialog open={open} onOpenChange={onOpenChange} onProceed={entered} />
      <ConfirmDialog
        open={skus !== undefined}
        onOpenChange={(next) => !next && setSkus(undefined)}
        title={`Getting Lots by SKUs for ${skus?.length ?? 0} lots.`}
        message="Are you sure you want to Update Categories?"
        proceedLabel="Update Categories"
        onProceed={() => {
          if (skus === undefined) return;
          findLotsBySkus(skus);
          onSent(skus);
        }}
      />
    </>
  );
}
