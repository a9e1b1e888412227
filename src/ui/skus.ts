// Pure parsing of the Multiple SKUs entry (spec §5): one SKU a line, trimmed, empty lines dropped.
// No React here, so it is tested in node.

/** Splits on any line ending (\n, \r\n, \r: scanners and pasted spreadsheets differ), trims, drops blanks. */
export function parseSkus(text: string): string[] {
  return text
    .split(/\r\n|\r|\n/)
    .map((line) => line.trim())
    .filter((line) => line !== '');
}
