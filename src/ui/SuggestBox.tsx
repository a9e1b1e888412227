// A text box with suggestions (spec §2 lots search, data entry type-ahead): an ARIA 1.2 combobox with a
// listbox. It asks `onRequest` only above `minChars` typed characters; the caller fetches and passes
// `suggestions` back. Arrows move, Enter picks the highlighted one (or submits the text, as a scanner does),
// Escape closes the list, a tap picks. It never fetches nor stores anything itself.
import { useEffect, useId, useRef, useState, type KeyboardEvent, type RefObject } from 'react';
import { inputClass } from './button';
import {
  nextActiveIndex, shouldRequestSuggestions, SUGGEST_HIDE_DELAY_MS, SUGGEST_LIST_MAX_HEIGHT_PX, SUGGEST_LIST_MAX_WIDTH_PX,
} from './suggest';

export interface SuggestBoxProps {
  readonly label: string;
  /** Visually hide the label (it stays for screen readers). */
  readonly hideLabel?: boolean;
  readonly value: string;
  readonly onChange: (text: string) => void;
  readonly suggestions: readonly string[];
  /** Called with the text after each change when it is longer than minChars (trimmed). */
  readonly onRequest: (text: string) => void;
  readonly minChars: number;
  /** A suggestion was picked (Enter on a highlighted one, or a click/tap). The box shows it as its value. */
  readonly onSelect: (text: string) => void;
  /** Enter with no suggestion highlighted: the text as typed (a barcode scanner ends with Enter). */
  readonly onSubmit?: (text: string) => void;
  readonly placeholder?: string;
  /** The input, for a screen that keeps focus on it (a scanner's field: ui/scan-focus.ts). */
  readonly inputRef?: RefObject<HTMLInputElement | null>;
}

export function SuggestBox(props: SuggestBoxProps) {
  const { label, hideLabel = false, value, onChange, suggestions, onRequest, minChars, onSelect, onSubmit, placeholder, inputRef } = props;
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const hideTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const inputId = useId();
  const listId = useId();
  const optionId = (index: number): string => `${listId}-option-${index}`;
  const showing = open && suggestions.length > 0;

  const cancelHide = (): void => {
    if (hideTimer.current !== undefined) clearTimeout(hideTimer.current);
    hideTimer.current = undefined;
  };
  useEffect(() => cancelHide, []);
  // Keep the highlighted option visible inside the 200 px list as the arrows move.
  useEffect(() => {
    if (showing && active >= 0) document.getElementById(`${listId}-option-${active}`)?.scrollIntoView({ block: 'nearest' });
  }, [showing, active, listId]);

  const close = (): void => {
    setOpen(false);
    setActive(-1);
  };
  const pick = (text: string): void => {
    onChange(text);
    onSelect(text);
    close();
  };
  const change = (text: string): void => {
    onChange(text);
    setActive(-1);
    const asking = shouldRequestSuggestions(text, minChars);
    setOpen(asking);
    if (asking) onRequest(text);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>): void => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      if (suggestions.length === 0) return;
      event.preventDefault();
      setOpen(true);
      setActive((current) => nextActiveIndex(showing ? current : -1, suggestions.length, event.key as 'ArrowDown' | 'ArrowUp'));
    } else if (event.key === 'Enter') {
      const chosen = showing && active >= 0 ? suggestions[active] : undefined;
      if (chosen !== undefined) {
        event.preventDefault();
        pick(chosen);
      } else if (onSubmit !== undefined) {
        event.preventDefault();
        close();
        onSubmit(value);
      }
    } else if (event.key === 'Escape' && showing) {
      // Close the list only; a surrounding dialog closes on the next Escape.
      event.preventDefault();
      event.stopPropagation();
      close();
    }
  };

  return (
    <div className="relative">
      <label htmlFor={inputId} className={hideLabel ? 'sr-only' : 'mb-1 block text-sm font-medium text-slate-700'}>
        {label}
      </label>
      <input
        ref={inputRef}
        id={inputId}
        type="text"
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={showing}
        aria-controls={listId}
        aria-activedescendant={showing && active >= 0 ? optionId(active) : undefined}
        value={value}
        placeholder={placeholder}
        autoComplete="off"
        spellCheck={false}
        onChange={(event) => change(event.target.value)}
        onKeyDown={onKeyDown}
        onFocus={cancelHide}
        onBlur={() => {
          cancelHide();
          hideTimer.current = setTimeout(close, SUGGEST_HIDE_DELAY_MS);
        }}
        className={inputClass}
      />
      <ul
        id={listId}
        role="listbox"
        aria-label={label}
        hidden={!showing}
        style={{ maxHeight: SUGGEST_LIST_MAX_HEIGHT_PX, maxWidth: SUGGEST_LIST_MAX_WIDTH_PX }}
        className="absolute left-0 z-30 mt-1 w-full overflow-y-auto rounded-md border border-slate-300 bg-white shadow-lg"
      >
        {suggestions.map((text, index) => (
          <li
            key={`${index}-${text}`}
            id={optionId(index)}
            role="option"
            aria-selected={index === active}
            // Keep focus in the input while tapping, so the blur timer never races the pick.
            onMouseDown={(event) => event.preventDefault()}
            onClick={() => pick(text)}
            className={`min-h-11 cursor-pointer truncate px-3 py-3 leading-5 ${index === active ? 'bg-blue-100 text-blue-950' : 'hover:bg-slate-100'}`}
          >
            {text}
          </li>
        ))}
      </ul>
    </div>
  );
}
