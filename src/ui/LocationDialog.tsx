// The spec's location dialog (spec §2 Lots list): 'Update Location for {lotNumber} {status}', integer selects
// zone, aisle, column, row (0–10) and bin (0–50), Close and Save Changes. It owns only the choice; the
// caller maps it to the lot's loc_* fields and sends it.
import { useState, type FormEvent } from 'react';
import { buttonClass } from './button';
import { Dialog, DialogActions, DialogCloseButton } from './Dialog';
import { toLocation, type Location, type LocationKey } from './location';
import { LocationSelects } from './LocationSelects';

export interface LocationDialogProps {
  readonly open: boolean;
  readonly onOpenChange: (open: boolean) => void;
  readonly lotNumber: string;
  readonly status: string;
  /** The current location; unset parts start at 0. */
  readonly initial?: { readonly [K in LocationKey]?: number | null };
  /** Gets the chosen location; the dialog closes after. */
  readonly onSave: (location: Location) => void;
}

type FormProps = Pick<LocationDialogProps, 'onOpenChange' | 'initial' | 'onSave'>;

function LocationForm({ onOpenChange, initial = {}, onSave }: FormProps) {
  const [location, setLocation] = useState<Location>(() => toLocation(initial));
  const submit = (event: FormEvent<HTMLFormElement>): void => {
    event.preventDefault();
    onSave(location);
    onOpenChange(false);
  };
  return (
    <form onSubmit={submit}>
      <LocationSelects value={location} onChange={setLocation} autoFocus />
      <DialogActions>
        <DialogCloseButton />
        <button type="submit" className={buttonClass.primary}>
          Save Changes
        </button>
      </DialogActions>
    </form>
  );
}

export function LocationDialog({ open, onOpenChange, lotNumber, status, initial, onSave }: LocationDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange} title={`Update Location for ${lotNumber} ${status}`}>
      <LocationForm onOpenChange={onOpenChange} initial={initial} onSave={onSave} />
    </Dialog>
  );
}
