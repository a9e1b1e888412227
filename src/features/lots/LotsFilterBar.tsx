// The Lots filter (spec §2, §9): checkboxes for the four listed statuses, 'Other statuses' (SCHEDULED and UNSOLD,
// issue 31) and 'My Lots' (only admins may change
// it, spec §6). Each change shows the replica's lots at once and asks the server when connected.
import type { LotsFilter } from '../../protocol/lots';
import type { LotsFilterControl } from './use-lots';

type FlagKey = 'Not_Listed' | 'Listed' | 'Sold' | 'Shipped' | 'Other' | 'myLots';

const FLAGS: readonly { readonly key: FlagKey; readonly label: string }[] = [
  { key: 'Not_Listed', label: 'NOT_LISTED' },
  { key: 'Listed', label: 'LISTED' },
  { key: 'Sold', label: 'SOLD' },
  { key: 'Shipped', label: 'SHIPPED' },
  // Issue 31: SCHEDULED and UNSOLD lots, which the spec's four leave unreachable from the list.
  { key: 'Other', label: 'Other statuses' },
  { key: 'myLots', label: 'My Lots' },
];

export function LotsFilterBar({ filter, setFilter, canToggleMyLots }: LotsFilterControl) {
  const toggle = (key: FlagKey, on: boolean): void => setFilter({ ...filter, [key]: on } satisfies LotsFilter);
  return (
    <fieldset className="flex flex-wrap items-center gap-x-2">
      <legend className="sr-only">Filter</legend>
      {FLAGS.map(({ key, label }) => {
        const disabled = key === 'myLots' && !canToggleMyLots;
        return (
          <label
            key={key}
            title={disabled ? 'Only admins can change My Lots' : undefined}
            className="flex min-h-11 cursor-pointer items-center gap-2 rounded-md px-2 hover:bg-slate-100 has-disabled:cursor-not-allowed has-disabled:opacity-60"
          >
            <input
              type="checkbox"
              checked={filter[key] ?? false}
              disabled={disabled}
              onChange={(event) => toggle(key, event.target.checked)}
              className="size-5 accent-blue-700"
            />
            <span className={key === 'myLots' || key === 'Other' ? '' : 'font-mono text-sm'}>{label}</span>
          </label>
        );
      })}
    </fieldset>
  );
}
