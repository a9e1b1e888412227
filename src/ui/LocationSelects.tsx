// The five location selects (spec §9: zone, aisle, column and row 0–10, bin 0–50), each labelled: the location
// dialog's fields and the Inventory count's location, one piece. It owns no state: the caller holds the location.
import { useId } from 'react';
import { inputClass } from './button';
import { LOCATION_FIELDS, locationOptions, type Location } from './location';

export interface LocationSelectsProps {
  readonly value: Location;
  readonly onChange: (location: Location) => void;
  /** Focus the first select when shown (a dialog's first field). */
  readonly autoFocus?: boolean;
  /** Grid classes: two columns on a phone by default, five from 640 px. */
  readonly className?: string;
  /** Narrow selects (five in a row on a 360 px phone: two digits and the arrow still show). */
  readonly compact?: boolean;
}

export function LocationSelects({ value, onChange, autoFocus = false, className = 'grid grid-cols-2 gap-3 sm:grid-cols-5', compact = false }: LocationSelectsProps) {
  const idPrefix = useId();
  return (
    <div className={className}>
      {LOCATION_FIELDS.map(({ key, label, max }, index) => (
        <div key={key} className="min-w-0">
          <label htmlFor={`${idPrefix}-${key}`} className="mb-1 block text-sm font-medium text-slate-700">
            {label}
          </label>
          <select
            id={`${idPrefix}-${key}`}
            value={value[key]}
            autoFocus={autoFocus && index === 0}
            onChange={(event) => onChange({ ...value, [key]: Number(event.target.value) })}
            className={`${compact ? inputClass.replace('px-3', 'px-1 sm:px-3') : inputClass} bg-white`}
          >
            {locationOptions(max).map((option) => (
              <option key={option} value={option}>
                {option}
              </option>
            ))}
          </select>
        </div>
      ))}
    </div>
  );
}
