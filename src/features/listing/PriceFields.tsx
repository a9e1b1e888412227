// The price multipliers (spec §2 auction listing manager's "price multiplier inputs", §3 Price request, §9
// defaults) and the special notes the price request carries; Calculate sends one setPricesForLot per lot.
import { ListingManagerMessages } from '../../protocol/messages';
import { buttonClass, inputClass } from '../../ui/button';
import { Field, NumberField } from './fields';
import { MULTIPLIERS, type PriceForm } from './price-form';

export interface PriceFieldsProps {
  readonly form: PriceForm;
  readonly onChange: (form: PriceForm) => void;
  readonly onCalculate: () => void;
}

export function PriceFields({ form, onChange, onCalculate }: PriceFieldsProps) {
  return (
    <section aria-labelledby="price-multipliers" className="flex flex-col gap-3 rounded-lg border border-slate-200 p-3">
      <h3 id="price-multipliers" className="text-lg font-semibold">
        {ListingManagerMessages.pricing}
      </h3>
      <div className="grid grid-cols-1 gap-3 sm:grid-cols-2">
        {MULTIPLIERS.map((name) => (
          <NumberField
            key={name}
            label={ListingManagerMessages.multipliers[name]}
            value={form.multipliers[name]}
            onChange={(value) => onChange({ ...form, multipliers: { ...form.multipliers, [name]: value } })}
          />
        ))}
      </div>
      <Field label={ListingManagerMessages.specialNotes}>
        {(id) => <textarea id={id} rows={3} value={form.specialNotes} onChange={(event) => onChange({ ...form, specialNotes: event.target.value })} className={`${inputClass} py-2`} />}
      </Field>
      <div>
        <button type="button" className={buttonClass.primary} onClick={onCalculate}>
          {ListingManagerMessages.calculate}
        </button>
      </div>
    </section>
  );
}
