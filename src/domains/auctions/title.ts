// Create Title (issue 17): an auction title from the lot's title, trimmed to its key words (no filler words, no
// repeated words, no punctuation runs), kept within the catalogue's usual 50 characters where whole words allow.
// Pure: the screen warns when the result still passes the limit.

/** A common catalogue limit for an auction title (issue 17: warn past it). */
export const AUCTION_TITLE_LIMIT = 50;

const FILLER = new Set(['a', 'an', 'and', 'the', 'of', 'for', 'with', 'in', 'on', 'to', 'by', 'new', 'lot', 'brand', 'great', 'condition']);

export function auctionTitleFrom(title: string): string {
  const seen = new Set<string>();
  const words = title
    .replace(/[^\p{L}\p{N}\s\-'&/.,]/gu, ' ')
    .split(/\s+/)
    .map((word) => word.replace(/^[,.]+|[,.]+$/g, ''))
    .filter((word) => {
      const key = word.toLowerCase();
      if (word === '' || FILLER.has(key) || seen.has(key)) return false;
      seen.add(key);
      return true;
    });
  let built = '';
  for (const word of words) {
    const next = built === '' ? word : `${built} ${word}`;
    if (next.length > AUCTION_TITLE_LIMIT && built !== '') break;
    built = next;
  }
  return built;
}

/** True when a title passes the limit (the screen warns, the title cell shows its length). */
export const titleTooLong = (title: string): boolean => title.length > AUCTION_TITLE_LIMIT;
