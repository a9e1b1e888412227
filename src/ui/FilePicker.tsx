// A file picker (spec §2: data entry's 'Select Excel File', Lot edit's XLS): a titled button that shows the
// chosen file's name ('No file selected' until then). A real <input type=file> inside a 44 px label, so it
// works with touch, keyboard and screen readers alike.
import { useId, useState } from 'react';
import { buttonClass } from './button';
import { ClientMessages } from '../protocol/messages';


/** Excel workbooks (spec §2 Data entry: .xlsx and .xls). */
export const EXCEL_FILES = '.xlsx,.xls,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet,application/vnd.ms-excel';
/** Excel workbooks and CSV (Lot edit's XLS, image entry). */
export const SPREADSHEET_FILES = `${EXCEL_FILES},.csv,text/csv`;

export interface FilePickerProps {
  /** The button's text and title, e.g. 'Select Excel File'. */
  readonly title: string;
  /** The input's accept list. */
  readonly accept: string;
  readonly onFile: (file: File) => void;
  readonly disabled?: boolean;
}

export function FilePicker({ title, accept, onFile, disabled = false }: FilePickerProps) {
  const id = useId();
  const [name, setName] = useState<string>(ClientMessages.noFile);
  return (
    <div className="flex items-center gap-2">
      <label htmlFor={id} title={title} className={`${buttonClass.secondary} cursor-pointer has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-blue-600`}>
        {title}
        <input
          id={id}
          type="file"
          accept={accept}
          disabled={disabled}
          className="sr-only"
          onChange={(event) => {
            const file = event.target.files?.[0];
            // Cleared so choosing the same file again (after fixing it) reads it again.
            event.target.value = '';
            if (file === undefined) return;
            setName(file.name);
            onFile(file);
          }}
        />
      </label>
      <span className="max-w-48 truncate text-sm text-slate-700" aria-live="polite">
        {name}
      </span>
    </div>
  );
}
