// What a camera read becomes before it is used: the same text a hardware scanner would type. A UPC-A printed on a
// product reads as a 13-digit EAN-13 starting with 0 (EAN-13 contains UPC-A that way); the catalogue keys UPCs by
// their 12 digits, so that leading 0 goes. Everything else (Code 128 lot labels, QR location labels) is kept as read,
// trimmed, on one line.

/** The formats we ask the reader for: lot labels, location labels, and products' codes. */
export const SCAN_FORMATS = ['code_128', 'qr_code', 'ean_13', 'upc_a', 'upc_e', 'ean_8'] as const;
export type ScanFormat = (typeof SCAN_FORMATS)[number];

export function normaliseScan(rawValue: string, format: string): string {
  const text = rawValue.replace(/[\r\n\t]+/g, ' ').trim();
  if ((format === 'ean_13' || format === 'upc_a') && /^0\d{12}$/.test(text)) return text.slice(1);
  return text;
}
