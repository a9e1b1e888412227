// A sheet of labels in one format: lot labels (Code 128 of the lot number, its title and location) and location
// labels (QR of zone-aisle-column-row-bin), previewed at real size and printed page by page (labels.css).
import './labels.css';
import { BarcodeImage, type BarcodeKind } from './BarcodeImage';
import { pagesOf, type LabelFormat } from './label-formats';

export interface Label {
  readonly key: string;
  readonly kind: BarcodeKind;
  /** What the barcode encodes and the label shows in large type. */
  readonly code: string;
  readonly title?: string;
  readonly detail?: string;
}

export function LabelSheet({ labels, format }: { labels: readonly Label[]; format: LabelFormat }) {
  return (
    <div className={`labels-sheet ${format.className}`} data-testid="label-sheet">
      {pagesOf(labels, format.perPage).map((page, index) => (
        <div className="labels-page" key={index}>
          {page.map((label) => (
            <div className="label" key={label.key} data-testid="label">
              <BarcodeImage kind={label.kind} text={label.code} />
              <span className="label-code">{label.code}</span>
              {label.title !== undefined && label.title !== '' && <span className="label-title">{label.title}</span>}
              {label.detail !== undefined && <span className="label-title">{label.detail}</span>}
            </div>
          ))}
        </div>
      ))}
    </div>
  );
}
