// The count's one field (spec §2 Inventory's lot search; issue 16's count flow): type or scan a lot number and press
// Enter (a hardware scanner does both), or pick one of the Lots search's suggestions. Every code is handed on at once
// and the field empties for the next; codes arriving while an earlier one is still being recorded wait their turn, in
// order. The field keeps the focus (ui/scan-focus.ts): after each scan, after a dialog, and a key typed anywhere idle
// lands in it. The camera button beside it reads labels into the same queue, and stays open for a run of scans.
import { useEffect, useRef, useState } from 'react';
import { LOT_SUGGESTIONS_MIN_CHARS, useLotSuggestions } from '../../domains/lots';
import { InventoryScreenMessages as T } from '../../protocol/messages';
import { CameraScanButton } from '../../ui/camera/CameraScanButton';
import { suggestionText } from '../../ui/lot-display';
import { focusScan, useScannerKeys, type ScanFieldRef } from '../../ui/scan-focus';
import { SuggestBox } from '../../ui/SuggestBox';

export interface LotScanFieldProps {
  /** Records one lot number; resolves once it is recorded (and tells the user itself how it went). */
  readonly onScan: (code: string) => Promise<void>;
  readonly inputRef: ScanFieldRef;
}

export function LotScanField({ onScan, inputRef }: LotScanFieldProps) {
  const { suggestions, suggest, clear } = useLotSuggestions();
  const [text, setText] = useState('');
  const queue = useRef<Promise<void>>(Promise.resolve());
  useScannerKeys(inputRef);
  useEffect(() => focusScan(inputRef), [inputRef]);

  const hand = (code: string): void => {
    setText('');
    clear();
    if (code.trim() === '') return;
    queue.current = queue.current
      .then(() => onScan(code))
      // onScan reports its own failures; one must not stop the codes behind it.
      .catch(() => undefined)
      .finally(() => focusScan(inputRef));
  };
  const pick = (picked: string): void => {
    const lot = suggestions.find((candidate) => suggestionText(candidate) === picked);
    hand(lot?.lotNumber ?? picked);
  };

  return (
    <div className="flex items-end gap-2">
      <div className="min-w-0 flex-1">
        <SuggestBox
          label={T.lotField}
          placeholder={T.lotFieldHint}
          value={text}
          onChange={setText}
          suggestions={suggestions.map(suggestionText)}
          onRequest={suggest}
          minChars={LOT_SUGGESTIONS_MIN_CHARS}
          onSelect={pick}
          onSubmit={hand}
          inputRef={inputRef}
        />
      </div>
      <CameraScanButton onScan={hand} continuous />
    </div>
  );
}
