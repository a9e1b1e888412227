// The spec's prompt (spec §2 Lots list, §5): ConfirmDialog with its text input, kept under this name for the
// screens that ask for one value (Create Lot, Rename). One prompt implementation: ConfirmDialog's.
import { ConfirmDialog } from './ConfirmDialog';

export interface PromptDialogProps {
  readonly open: boolean;
  readonly onOpenChange: (open: boolean) => void;
  readonly title: string;
  readonly message?: string;
  readonly label: string;
  readonly initialValue?: string;
  readonly proceedLabel?: string;
  /** Shown under the input while it is blank (e.g. 'Title cannot be empty'). */
  readonly blankHint: string;
  readonly maxLength?: number;
  /** Gets the trimmed text; the dialog closes after. */
  readonly onProceed: (value: string) => void;
}

export function PromptDialog({ label, initialValue, blankHint, maxLength, ...rest }: PromptDialogProps) {
  return <ConfirmDialog {...rest} input={{ label, blankHint, initialValue, maxLength }} />;
}
