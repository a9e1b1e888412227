// An editable numeric table cell (spec §2 'Numeric cells are editable', §5): shows the number with 2 decimals.
// A non-number reports the spec's message through `onInvalid`, a number the column's rule refuses a plain sentence
// ('Qnty cannot be negative.'); either way the change is ignored and nothing is queued. An equal value is no change. The editing itself is EditableCell's; the caller stores the value.
import { EditableCell } from './EditableCell';
import { formatNumber, parseNumberEdit, type NumberRule } from './number-edit';

export interface NumberCellProps {
  /** The column's name in the spec's message, e.g. 'Units' → 'ERROR, Units must be a number. …'. */
  readonly label: string;
  readonly value: number | null;
  /** What the field takes on the wire: Count, Money, … from src/protocol/primitives.ts. */
  readonly rule: NumberRule;
  /** Names the row for screen readers, e.g. the lot number: 'Edit Units of L-0042'. */
  readonly rowName?: string;
  readonly onCommit: (value: number) => void;
  /** Gets the spec's error text or the rule's sentence (show it as an alert or toast). */
  readonly onInvalid: (message: string) => void;
  readonly disabled?: boolean;
  readonly changed?: boolean;
}

export function NumberCell({ label, value, rule, rowName, onCommit, onInvalid, disabled = false, changed = false }: NumberCellProps) {
  const finish = (draft: string): void => {
    const edit = parseNumberEdit(label, draft, value, rule);
    if (edit.kind === 'invalid') onInvalid(edit.message);
    else if (edit.kind === 'changed') onCommit(edit.value);
  };
  return (
    <EditableCell
      name={rowName === undefined ? label : `${label} of ${rowName}`}
      shown={formatNumber(value)}
      initial={value === null ? '' : String(value)}
      onFinish={finish}
      disabled={disabled}
      align="right"
      inputMode="decimal"
      changed={changed}
    />
  );
}
