// The Listing Manager's labelled fields: every field has a visible label (touch targets ≥ 44 px).
import { useId, type ReactNode } from 'react';
import { inputClass } from '../../ui/button';

export function Field({ label, children }: { label: string; children: (id: string) => ReactNode }) {
  const id = useId();
  return (
    <div className="flex min-w-0 flex-col gap-1">
      <label htmlFor={id} className="font-medium text-slate-700">
        {label}
      </label>
      {children(id)}
    </div>
  );
}

/** A number typed as text, kept as typed until it is used (the contract checks it then). */
export function NumberField({ label, value, onChange, step = 'any' }: { label: string; value: string; onChange: (value: string) => void; step?: string }) {
  return (
    <Field label={label}>
      {(id) => <input id={id} type="number" inputMode="decimal" min={0} step={step} value={value} onChange={(event) => onChange(event.target.value)} className={inputClass} />}
    </Field>
  );
}

export function CheckboxField({ label, checked, onChange }: { label: string; checked: boolean; onChange: (checked: boolean) => void }) {
  return (
    <label className="flex min-h-11 items-center gap-2 font-medium text-slate-700">
      <input type="checkbox" checked={checked} onChange={(event) => onChange(event.target.checked)} className="size-5" />
      {label}
    </label>
  );
}
