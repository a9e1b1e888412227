// An editable text table cell (data entry: UPC, Brand, Style, Color, Size, Desc). Trims what was typed; an
// equal value is no change. The editing itself is EditableCell's; the caller stores the value.
import { EditableCell } from './EditableCell';

export interface TextCellProps {
  readonly label: string;
  readonly value: string;
  /** Names the row for screen readers, e.g. the UPC: 'Edit Brand of 012345678905'. */
  readonly rowName?: string;
  readonly onCommit: (value: string) => void;
  readonly disabled?: boolean;
  readonly changed?: boolean;
}

export function TextCell({ label, value, rowName, onCommit, disabled = false, changed = false }: TextCellProps) {
  return (
    <EditableCell
      name={rowName === undefined || rowName === '' ? label : `${label} of ${rowName}`}
      shown={value}
      initial={value}
      onFinish={(draft) => {
        const next = draft.trim();
        if (next !== value) onCommit(next);
      }}
      disabled={disabled}
      changed={changed}
    />
  );
}
