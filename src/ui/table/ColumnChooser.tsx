// The column chooser: a 'Columns' button opening a dialog with one checkbox per column (48 px rows, keyboard and
// touch alike). Unticking hides the column at once; key columns show ticked and cannot be unticked. Which columns
// are hidden is the caller's (ResponsiveTable remembers it on the device).
import { useContext, useId, useRef, useState } from 'react';
import { ClientMessages } from '../../protocol/messages';
import { buttonClass } from '../button';
import { Dialog, DialogActions, DialogCloseButton, DialogFocusReturn } from '../Dialog';
import { canHide, setColumnShown, type TableColumn } from './columns';

export interface ColumnChooserProps {
  /** The table's name: the button reads 'Columns' and the dialog 'Columns of {label}'. */
  readonly label: string;
  readonly columns: readonly Pick<TableColumn<unknown>, 'id' | 'label' | 'pin' | 'key'>[];
  readonly hidden: readonly string[];
  readonly onChange: (hidden: readonly string[]) => void;
}

export function ColumnChooser({ label, columns, hidden, onChange }: ColumnChooserProps) {
  const [open, setOpen] = useState(false);
  const idPrefix = useId();
  const off = new Set(hidden);
  const opener = useRef<HTMLButtonElement>(null);
  // Radix returns focus only to its own Trigger: name the opener, unless the screen has an idle target of its own
  // (Lot edit's scanner field).
  const screenTarget = useContext(DialogFocusReturn);
  return (
    <DialogFocusReturn.Provider value={screenTarget ?? opener}>
      <button ref={opener} type="button" className={buttonClass.secondary} aria-label={`Columns of ${label}`} aria-haspopup="dialog" onClick={() => setOpen(true)}>
        Columns
      </button>
      <Dialog open={open} onOpenChange={setOpen} title={`Columns of ${label}`} description={ClientMessages.chooseColumns}>
        <ul className="flex flex-col">
          {columns.map((column) => {
            const id = `${idPrefix}-${column.id}`;
            const fixed = !canHide(column);
            return (
              <li key={column.id}>
                <label htmlFor={id} className={`flex min-h-12 items-center gap-3 rounded-md px-2 ${fixed ? 'text-slate-500' : 'cursor-pointer hover:bg-slate-100'}`}>
                  <input
                    id={id}
                    type="checkbox"
                    className="size-5 accent-blue-700"
                    checked={fixed || !off.has(column.id)}
                    disabled={fixed}
                    onChange={(event) => onChange(setColumnShown(hidden, column, event.target.checked))}
                  />
                  {column.label}
                  {fixed && <span className="text-sm">(always shown)</span>}
                </label>
              </li>
            );
          })}
        </ul>
        <DialogActions>
          <DialogCloseButton />
        </DialogActions>
      </Dialog>
    </DialogFocusReturn.Provider>
  );
}
