// The labels screen (issue 16): the chosen lots' and locations' labels in a size picked here, previewed at real size,
// and Print. Works offline: lots come from the device's replica, barcodes are drawn on the device.
import { useId } from 'react';
import { useLotsById } from '../../domains/lots';
import { LabelMessages } from '../../protocol/messages';
import { buttonClass, inputClass } from '../../ui/button';
import { labelFormat, LABEL_FORMATS, locationCode, parseLocationCode } from '../../ui/labels/label-formats';
import { LabelSheet, type Label } from '../../ui/labels/LabelSheet';
import { locationText } from '../../ui/lot-display';
import { ScreenTitle } from '../../ui/ScreenTitle';
import { Warning } from '../../ui/Warning';

export interface LabelsScreenProps {
  /** The search params as the URL has them (routes/labels.tsx): lot ids and location codes, comma-separated. */
  readonly lots?: string | undefined;
  readonly locations?: string | undefined;
  readonly format?: string | undefined;
  readonly onFormat: (format: string) => void;
}

const idsOf = (text: string | undefined): number[] =>
  (text ?? '').split(',').map(Number).filter((id) => Number.isSafeInteger(id) && id !== 0);

export function LabelsScreen(search: LabelsScreenProps) {
  const formatId = useId();
  const lotIds = idsOf(search.lots);
  const lots = useLotsById(lotIds);
  const locations = (search.locations ?? '').split(',').flatMap((code) => parseLocationCode(code) ?? []);
  const format = labelFormat(search.format ?? '');

  const labels: Label[] = [
    ...(lots ?? []).map((lot) => ({ key: `lot-${lot.id}`, kind: 'code128' as const, code: lot.lotNumber, title: lot.titleListing, detail: locationText(lot) })),
    ...locations.map((location) => {
      const code = locationCode(location);
      return { key: `location-${code}`, kind: 'qrcode' as const, code, detail: LabelMessages.location };
    }),
  ];
  const missing = lots === undefined ? 0 : lotIds.length - lots.length;

  return (
    <section className="flex flex-col gap-4">
      <ScreenTitle>{LabelMessages.title}</ScreenTitle>
      <div className="flex flex-wrap items-end gap-2 print:hidden">
        <div>
          <label htmlFor={formatId} className="mb-1 block text-sm font-medium text-slate-700">
            {LabelMessages.format}
          </label>
          <select
            id={formatId}
            className={inputClass}
            value={format.id}
            onChange={(event) => search.onFormat(event.target.value)}
          >
            {LABEL_FORMATS.map((option) => (
              <option key={option.id} value={option.id}>
                {option.name}
              </option>
            ))}
          </select>
        </div>
        <button type="button" className={buttonClass.primary} disabled={labels.length === 0} onClick={() => window.print()}>
          {LabelMessages.print}
        </button>
      </div>
      {missing > 0 && <Warning>{LabelMessages.lotsMissing(missing)}</Warning>}
      {labels.length === 0 && lots !== undefined ? <p>{LabelMessages.none}</p> : <LabelSheet labels={labels} format={format} />}
    </section>
  );
}
