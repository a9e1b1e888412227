// The Excel file picker (spec §2 Data entry): titled 'Select Excel File', accepts .xlsx and .xls, shows the
// chosen file's name ('No file selected' until then). A real <input type=file> inside a 44 px label, so it works
// with touch, keyboard and screen readers alike.
import { useId, useState } from 'react';
import { buttonClass } from '../../ui/button';

export const NO_FILE = 'No file selected';

export interface ExcelPickerProps {
  readonly onFile: (file: File) => void;
  readonly disabled?: boolean;
}

export function ExcelPicker({ onFile, disabled = false }: ExcelPickerProps) {
  const id = useId();
  const [name, setName] = useState(NO_FILE);
  return (
    <div className="flex items-center gap-2">
      <label htmlFor={id} title="Select Excel File" className={`${buttonClass.secondary} cursor-pointer has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-blue-600`}>
        Select Excel File
        <input
          id={id}
          type="file"
          accept=".xlsx,.xls,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet,application/vnd.ms-excel"
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
