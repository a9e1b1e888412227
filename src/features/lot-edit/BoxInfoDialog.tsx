// 'Update Box Weight and Dimensions' (spec §2 Lot edit): Height, Width, Length (inches), Lbs and Ozs, all
// required numbers; 'Submit form' and Close. The browser's own form validation names the field left blank.
import { useState, type FormEvent } from 'react';
import type { BoxInfo } from '../../protocol/entities';
import { buttonClass, inputClass } from '../../ui/button';
import { Dialog, DialogActions, DialogCloseButton } from '../../ui/Dialog';

export const BOX_INFO_TITLE = 'Update Box Weight and Dimensions';

const FIELDS: ReadonlyArray<readonly [keyof BoxInfo, string]> = [
  ['h', 'Height (inches)'],
  ['w', 'Width (inches)'],
  ['l', 'Length (inches)'],
  ['lbs', 'Lbs'],
  ['ozs', 'Ozs'],
];

export interface BoxInfoDialogProps {
  readonly open: boolean;
  readonly onOpenChange: (open: boolean) => void;
  readonly initial: BoxInfo;
  readonly onSubmit: (info: BoxInfo) => void;
}

function Form({ initial, onSubmit }: Pick<BoxInfoDialogProps, 'initial' | 'onSubmit'>) {
  const [values, setValues] = useState<Record<keyof BoxInfo, string>>({
    h: String(initial.h), w: String(initial.w), l: String(initial.l), lbs: String(initial.lbs), ozs: String(initial.ozs),
  });
  const submit = (event: FormEvent): void => {
    event.preventDefault();
    onSubmit({ h: Number(values.h), w: Number(values.w), l: Number(values.l), lbs: Number(values.lbs), ozs: Number(values.ozs) });
  };
  return (
    <form onSubmit={submit} className="grid grid-cols-2 gap-3">
      {FIELDS.map(([key, label]) => (
        <label key={key} className="flex flex-col gap-1 text-sm font-medium text-slate-700">
          {label}
          <input
            type="number"
            inputMode="decimal"
            required
            min={0}
            step="any"
            value={values[key]}
            onChange={(event) => setValues({ ...values, [key]: event.target.value })}
            className={inputClass}
          />
        </label>
      ))}
      <div className="col-span-2">
        <DialogActions>
          <DialogCloseButton />
          <button type="submit" className={buttonClass.primary}>
            Submit form
          </button>
        </DialogActions>
      </div>
    </form>
  );
}

export function BoxInfoDialog({ open, onOpenChange, initial, onSubmit }: BoxInfoDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange} title={BOX_INFO_TITLE}>
      {open && (
        <Form
          initial={initial}
          onSubmit={(info) => {
            onSubmit(info);
            onOpenChange(false);
          }}
        />
      )}
    </Dialog>
  );
}
