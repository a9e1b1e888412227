// The spec's multiple-SKU entry (spec §2 Lots list, §5): TextEntryDialog with one SKU a line (type, paste or
// scan), handing the caller the parsed list. An empty list means the caller alerts 'No SKUs entered.' (the notifier's ClientMessages.noSkus) and
// sends nothing; the confirmation and progress that follow are the caller's (ConfirmDialog, ProgressDialog).
import { parseSkus } from './skus';
import { TextEntryDialog } from './TextEntryDialog';

export interface MultipleSkuDialogProps {
  readonly open: boolean;
  readonly onOpenChange: (open: boolean) => void;
  /** Gets the SKUs, trimmed, blanks dropped; may be empty (then the caller alerts 'No SKUs entered.'). */
  readonly onProceed: (skus: string[]) => void;
}

export function MultipleSkuDialog({ open, onOpenChange, onProceed }: MultipleSkuDialogProps) {
  return (
    <TextEntryDialog
      open={open}
      onOpenChange={onOpenChange}
      title="Multiple SKUs"
      label="SKUs, one per line"
      saveLabel="Proceed"
      onSave={(text) => onProceed(parseSkus(text))}
    />
  );
}
