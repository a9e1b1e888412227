// Pure rules of SuggestBox (spec §5, §9): when suggestions are requested, the list's size, when it hides, and
// how the arrow keys move through it. No React here, so it is tested in node.

/** The list stays small under the box, not over the page (spec §9: at most 200 px tall, 250 px wide). */
export const SUGGEST_LIST_MAX_HEIGHT_PX = 200;
export const SUGGEST_LIST_MAX_WIDTH_PX = 250;
/** Hide the list 500 ms after focus leaves (spec §9): a tap on a suggestion blurs the input first, and the
 * delay lets that tap land before the list goes. */
export const SUGGEST_HIDE_DELAY_MS = 500;

/** True when the text, trimmed, is longer than minChars (spaces alone never ask the server). */
export function shouldRequestSuggestions(text: string, minChars: number): boolean {
  return text.trim().length > minChars;
}

/** The next highlighted option for an arrow key: -1 is none (the typed text), wrapping at both ends. */
export function nextActiveIndex(current: number, count: number, key: 'ArrowDown' | 'ArrowUp'): number {
  if (count <= 0) return -1;
  if (key === 'ArrowDown') return current >= count - 1 ? 0 : current + 1;
  return current <= 0 ? count - 1 : current - 1;
}
