// What a camera read becomes (issue 16): the text a hardware scanner would type for the same label.
import { describe, expect, it } from 'vitest';
import { normaliseScan } from '../../../src/ui/camera/scan-code';

describe('normaliseScan', () => {
  it('reads a UPC-A printed as a 13-digit EAN-13 (leading 0) as its 12 digits', () => {
    expect(normaliseScan('0036000291452', 'ean_13')).toBe('036000291452');
    expect(normaliseScan('0036000291452', 'upc_a')).toBe('036000291452');
  });

  it('keeps a real EAN-13 (not starting with 0) and a 12-digit UPC-A as read', () => {
    expect(normaliseScan('4006381333931', 'ean_13')).toBe('4006381333931');
    expect(normaliseScan('036000291452', 'upc_a')).toBe('036000291452');
  });

  it('keeps a Code 128 lot label and a QR location label as read, on one trimmed line', () => {
    expect(normaliseScan(' LOT-000123 ', 'code_128')).toBe('LOT-000123');
    expect(normaliseScan('0123456789012', 'code_128')).toBe('0123456789012');
    expect(normaliseScan('1-2-3-4-5\r\n', 'qr_code')).toBe('1-2-3-4-5');
    expect(normaliseScan('a\tb\nc', 'qr_code')).toBe('a b c');
  });
});
