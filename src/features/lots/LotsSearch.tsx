// The Lots search (spec §2, §5, §9): a SuggestBox that asks the server above 2 typed characters; choosing a
// suggestion narrows the table to that lot until cleared. Offline (a query is never queued) the suggestions
// come from the replica by the server's rule (sync/lot-search.ts).
import { useState } from 'react';
import type { Lot } from '../../protocol/lots';
import { findLotByNumber, LOT_SUGGESTIONS_MIN_CHARS, useLotSuggestions } from '../../domains/lots';
import { buttonClass } from '../../ui/button';
import { SuggestBox } from '../../ui/SuggestBox';
import { suggestionText } from '../../ui/lot-display';

export interface LotsSearchProps {
  /** The lot the table is narrowed to, if any. */
  readonly chosen: Lot | undefined;
  readonly onChoose: (lot: Lot | undefined) => void;
}

export function LotsSearch({ chosen, onChoose }: LotsSearchProps) {
  const { suggestions, suggest, clear } = useLotSuggestions();
  const [text, setText] = useState('');
  const select = (picked: string): void => {
    const lot = suggestions.find((candidate) => suggestionText(candidate) === picked);
    if (lot !== undefined) onChoose(lot);
  };
  // A lot label scanned into the search (the scanner types the number and presses Enter): that lot, if the device has it.
  const submit = (typed: string): void => {
    void findLotByNumber(typed).then((lot) => {
      if (lot !== undefined) onChoose(lot);
    });
  };
  const reset = (): void => {
    setText('');
    clear();
    onChoose(undefined);
  };
  return (
    <div className="flex w-full max-w-md items-end gap-2">
      <div className="min-w-0 flex-1">
        <SuggestBox
          label="Search lots"
          hideLabel
          placeholder="Search lots"
          value={text}
          onChange={setText}
          suggestions={suggestions.map(suggestionText)}
          onRequest={suggest}
          minChars={LOT_SUGGESTIONS_MIN_CHARS}
          onSelect={select}
          onSubmit={submit}
        />
      </div>
      {chosen !== undefined && (
        <button type="button" className={buttonClass.secondary} onClick={reset}>
          Show all lots
        </button>
      )}
    </div>
  );
}
