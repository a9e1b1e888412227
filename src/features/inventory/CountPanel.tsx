// The count (issue 16), built for a phone at 360 px: the location, picked once and kept until changed; the one
// always-focused lot field; what the last scan did (in words, besides its sound and buzz) and the scans before it, each
// with its own answer; and expected vs found for the location, with Apply count. Everything reads the replica and queues intents: it works with the Wi-Fi off.
import { Link } from '@tanstack/react-router';
import type { LocationCount, LoggedScan, ScanOutcome } from '../../domains/inventory';
import { InventoryScreenMessages as T, LabelMessages } from '../../protocol/messages';
import { buttonClass } from '../../ui/button';
import { locationCode, parseLocationCode } from '../../ui/labels/label-formats';
import type { Location } from '../../ui/location';
import { LocationSelects } from '../../ui/LocationSelects';
import type { ScanFieldRef } from '../../ui/scan-focus';
import { LotScanField } from './LotScanField';

export interface CountPanelProps {
  readonly location: Location;
  readonly onLocation: (location: Location) => void;
  readonly onScan: (code: string) => Promise<void>;
  readonly scanField: ScanFieldRef;
  /** The recent scans, newest first, each with its own answer. */
  readonly scans: readonly LoggedScan[];
  readonly count: LocationCount;
  readonly onApply: () => void;
}

const TONE: Readonly<Record<ScanOutcome['kind'], string>> = {
  found: 'border-green-700 bg-green-50 text-green-950',
  already: 'border-amber-600 bg-amber-50 text-amber-950',
  checking: 'border-sky-700 bg-sky-50 text-sky-950',
  refused: 'border-red-700 bg-red-50 text-red-950',
  unknown: 'border-red-700 bg-red-50 text-red-950',
};

const Outcome = ({ outcome }: { outcome: ScanOutcome }) => <><strong>{T.outcome[outcome.kind]}</strong> {outcome.message}</>;

function LastScan({ last }: { last: LoggedScan | undefined }) {
  return (
    <p role="status" aria-live="assertive" data-testid="last-scan" className={`min-h-11 rounded-md border-l-4 px-3 py-2 ${last === undefined ? 'border-slate-300 text-slate-600' : TONE[last.outcome.kind]}`}>
      {last === undefined ? T.noScanYet : <Outcome outcome={last.outcome} />}
    </p>
  );
}

/** The scans before the last one, each answered for itself (a late answer lands on its own line). */
function RecentScans({ scans }: { scans: readonly LoggedScan[] }) {
  if (scans.length === 0) return null;
  return (
    <ol aria-label={T.recentScans} data-testid="recent-scans" className="flex max-h-40 flex-col gap-1 overflow-y-auto text-sm">
      {scans.map((scan) => (
        <li key={scan.id} data-kind={scan.outcome.kind} className={`rounded border-l-4 px-2 py-1 ${TONE[scan.outcome.kind]}`}>
          <span className="font-mono">{scan.code}</span>: <Outcome outcome={scan.outcome} />
        </li>
      ))}
    </ol>
  );
}

function LotList({ title, lots, testId }: { title: string; lots: ReadonlyArray<{ lotNumber: string }>; testId: string }) {
  return (
    <div className="min-w-0">
      <h3 className="text-sm font-semibold text-slate-700">{`${title} (${lots.length})`}</h3>
      <ul data-testid={testId} className="flex flex-wrap gap-1 font-mono text-sm">
        {lots.map((lot) => (
          <li key={lot.lotNumber} className="rounded bg-slate-100 px-1.5">{lot.lotNumber}</li>
        ))}
      </ul>
    </div>
  );
}

export function CountPanel({ location, onLocation, onScan, scanField, scans, count, onApply }: CountPanelProps) {
  // A location label (QR or Code 128 of zone-aisle-column-row-bin), scanned or typed, moves the count there.
  const scanOrLocate = (code: string): Promise<void> => {
    const scannedLocation = parseLocationCode(code);
    if (scannedLocation === undefined) return onScan(code);
    onLocation(scannedLocation);
    return Promise.resolve();
  };
  return (
    <section aria-label={T.countTitle} className="flex flex-col gap-3 rounded-lg border border-slate-200 bg-white p-3">
      <h2 className="text-lg font-semibold text-slate-900">{T.countTitle}</h2>
      <fieldset className="min-w-0">
        <legend className="mb-1 text-sm font-medium text-slate-700">{T.locationLegend}</legend>
        <LocationSelects
          value={location}
          // The scanner types into whatever has focus: once a part of the location is chosen, the lot field has it again.
          onChange={(next) => {
            onLocation(next);
            scanField.current?.focus();
          }}
          className="grid grid-cols-5 gap-1 sm:gap-3"
          compact
        />
        <Link to="/labels" search={{ locations: locationCode(location) }} className={`${buttonClass.secondary} mt-2`}>
          {LabelMessages.printLocationLabel}
        </Link>
      </fieldset>
      <LotScanField onScan={scanOrLocate} inputRef={scanField} />
      <LastScan last={scans[0]} />
      <RecentScans scans={scans.slice(1)} />
      <div className="flex flex-col gap-2" data-testid="expected-vs-found">
        <h3 className="text-base font-semibold text-slate-900">{T.expectedVsFound}</h3>
        <div className="grid grid-cols-1 gap-2 sm:grid-cols-2">
          <LotList title={T.expected} lots={count.expected} testId="count-expected" />
          <LotList title={T.found} lots={count.found} testId="count-found" />
          <LotList title={T.missing} lots={count.missing} testId="count-missing" />
          <LotList title={T.strays} lots={count.strays} testId="count-strays" />
        </div>
        <button type="button" className={`${buttonClass.secondary} self-start`} onClick={() => {
            onApply();
            scanField.current?.focus(); // the next scan follows at once
          }} disabled={count.strays.length === 0}>
          {T.applyCount}
        </button>
      </div>
    </section>
  );
}
