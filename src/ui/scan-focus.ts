// A scan field's idle focus (spec §2, §5; Lot edit's UPC field, Inventory's lot-number field): a hardware scanner
// types its code and presses Enter into whatever has focus, so whenever the screen is idle (no dialog open, no cell
// being edited) the scan field has it: when it appears, after every dialog (Dialog's DialogFocusReturn), after a scan.
// Keys typed while nothing editable has focus (a button just pressed, a toast closed) are sent to the field too.
import { useEffect, type RefObject } from 'react';

export type ScanFieldRef = RefObject<HTMLInputElement | null>;

/** Inputs that are not typed into: a key on them may go to the UPC field. */
const NOT_TYPED = new Set(['checkbox', 'radio', 'button', 'submit', 'reset', 'file', 'range', 'color', 'image']);

const dialogOpen = (): boolean => document.querySelector('[role="dialog"], [role="alertdialog"]') !== null;

function typedInto(element: Element | null): boolean {
  if (element instanceof HTMLInputElement) return !NOT_TYPED.has(element.type);
  return element instanceof HTMLElement && (element.isContentEditable || element.matches('textarea, select'));
}

/**
 * Focuses the scan field unless a dialog is open, the field is gone or disabled, or the person is typing elsewhere (a
 * cell being edited): a scan's add finishing late, or a toast, never takes the caret out of what they type.
 */
export function focusScan(field: ScanFieldRef): void {
  const input = field.current;
  if (input === null || input.disabled || dialogOpen()) return;
  if (document.activeElement !== input && typedInto(document.activeElement)) return;
  input.focus();
}

/**
 * A printable key (not Space, not a shortcut) pressed while focus is on no typing field and no dialog is open moves
 * focus to the scan field first, so the key and the rest of the code land there.
 */
export function useScannerKeys(field: ScanFieldRef): void {
  useEffect(() => {
    const onKey = (event: KeyboardEvent): void => {
      if (event.defaultPrevented || event.ctrlKey || event.metaKey || event.altKey || event.key.length !== 1 || event.key === ' ') return;
      const input = field.current;
      if (input === null || document.activeElement === input || typedInto(document.activeElement)) return;
      focusScan(field);
    };
    document.addEventListener('keydown', onKey, true);
    return () => document.removeEventListener('keydown', onKey, true);
  }, [field]);
}
