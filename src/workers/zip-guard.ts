// Checks an .xlsx's zip package before SheetJS opens it, so a zip bomb or a lying header is refused instead of
// filling the worker's memory: SheetJS inflates every part, sizing its buffer from the local header (or growing
// it without bound when a data descriptor holds the sizes), and compares sizes only after inflating.
// Reads headers and inflates with the platform's DecompressionStream, within the declared sizes, into a copy of the
// package whose parts are all stored: SheetJS then reads that copy and inflates nothing again (its inflate is
// JavaScript, the platform's native). Never interprets what the parts contain. No dependency: the format needs a
// few dozen lines.

export interface ZipLimits {
  /** The most bytes all parts may inflate to together. */
  readonly maxUnpackedBytes: number;
  /** The most parts the package may hold. */
  readonly maxParts: number;
}

export type ZipProblem = 'damaged' | 'encrypted' | 'too large' | 'too many parts';

const END_OF_CENTRAL_DIRECTORY = 0x06054b50;
const CENTRAL_HEADER = 0x02014b50;
const LOCAL_HEADER = 0x04034b50;
const DATA_DESCRIPTOR = 0x08074b50;
const END_RECORD_BYTES = 22;
const LOCAL_HEADER_BYTES = 30;
const CENTRAL_HEADER_BYTES = 46;
const VERSION_NEEDED = 20; // 2.0: what a stored part needs
const MAX_COMMENT_BYTES = 0xffff;
const ZIP64_EXTRA = 0x0001; // SheetJS takes sizes from it; a workbook within our limits never needs one
const ENCRYPTED_FLAGS = 0x2041; // traditional, strong and central-directory encryption: the bits SheetJS refuses
const DATA_DESCRIPTOR_FLAG = 0x0008;
const STORED = 0;
const DEFLATED = 8;

interface Part {
  /** The name's bytes as the local header has them: SheetJS takes a part's name from there. */
  readonly name: Uint8Array;
  readonly method: number;
  readonly dataStart: number;
  readonly compressedSize: number;
  readonly size: number;
}

class Refusal extends Error {
  constructor(readonly problem: ZipProblem) {
    super(problem);
  }
}

/** The package with every part stored, each inflated within its declared size; or why it must not be opened. */
export async function storedZip(bytes: Uint8Array<ArrayBuffer>, limits: ZipLimits): Promise<{ readonly stored: Uint8Array<ArrayBuffer> } | { readonly problem: ZipProblem }> {
  try {
    const parts = readDirectory(new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength), limits);
    // The declared sizes were checked against the budget already, so the copy is bounded by it.
    const { stored, slots } = storedLayout(parts);
    let budget = limits.maxUnpackedBytes;
    for (const [index, part] of parts.entries()) {
      const data = bytes.subarray(part.dataStart, part.dataStart + part.compressedSize);
      const slot = slots[index] ?? new Uint8Array(0);
      // Only the inflated bytes can still lie: counted past the slot (kept no further) to tell a bomb from damage.
      const size = part.method === STORED ? (slot.set(data), data.byteLength) : await inflateInto(data, slot, budget);
      if (size > budget) return { problem: 'too large' };
      if (size !== part.size) return { problem: 'damaged' };
      budget -= size;
    }
    return { stored };
  } catch (error) {
    if (error instanceof Refusal) return { problem: error.problem };
    return { problem: 'damaged' }; // a bounds error or an invalid deflate stream
  }
}

function readDirectory(view: DataView, limits: ZipLimits): Part[] {
  const end = endRecord(view);
  const count = view.getUint16(end + 8, true);
  if (count !== view.getUint16(end + 10, true)) throw new Refusal('damaged'); // split archives are not workbooks
  if (count > limits.maxParts) throw new Refusal('too many parts');
  const parts: Part[] = [];
  let declared = 0;
  let at = view.getUint32(end + 16, true);
  for (let index = 0; index < count; index += 1) {
    if (view.getUint32(at, true) !== CENTRAL_HEADER) throw new Refusal('damaged');
    const flags = view.getUint16(at + 8, true);
    const method = view.getUint16(at + 10, true);
    const compressedSize = view.getUint32(at + 20, true);
    const size = view.getUint32(at + 24, true);
    const nameLength = view.getUint16(at + 28, true);
    const extraLength = view.getUint16(at + 30, true);
    if ((flags & ENCRYPTED_FLAGS) !== 0) throw new Refusal('encrypted');
    if (method !== STORED && method !== DEFLATED) throw new Refusal('damaged');
    if (hasZip64(view, at + 46 + nameLength, extraLength)) throw new Refusal('damaged');
    declared += size;
    if (declared > limits.maxUnpackedBytes) throw new Refusal('too large');
    parts.push(localPart(view, view.getUint32(at + 42, true), { method, compressedSize, size }));
    at += 46 + nameLength + extraLength + view.getUint16(at + 32, true);
  }
  return parts;
}

/** The last end record, as SheetJS's reader finds it, which must lie whole within the comment's reach of the end. */
function endRecord(view: DataView): number {
  const lowest = Math.max(0, view.byteLength - END_RECORD_BYTES - MAX_COMMENT_BYTES);
  for (let at = view.byteLength - 4; at >= lowest; at -= 1) {
    if (view.getUint32(at, true) !== END_OF_CENTRAL_DIRECTORY) continue;
    if (at + END_RECORD_BYTES > view.byteLength) throw new Refusal('damaged');
    return at;
  }
  throw new Refusal('damaged');
}

/** The part's local header must agree with its central entry: SheetJS trusts the local one. */
function localPart(view: DataView, at: number, central: Omit<Part, 'dataStart' | 'name'>): Part {
  if (view.getUint32(at, true) !== LOCAL_HEADER) throw new Refusal('damaged');
  const flags = view.getUint16(at + 6, true);
  if ((flags & ENCRYPTED_FLAGS) !== 0) throw new Refusal('encrypted');
  if (view.getUint16(at + 8, true) !== central.method) throw new Refusal('damaged');
  const sizesHere = (flags & DATA_DESCRIPTOR_FLAG) === 0;
  if (sizesHere && (view.getUint32(at + 18, true) !== central.compressedSize || view.getUint32(at + 22, true) !== central.size)) {
    throw new Refusal('damaged');
  }
  const nameLength = view.getUint16(at + 26, true);
  const extraLength = view.getUint16(at + 28, true);
  if (hasZip64(view, at + 30 + nameLength, extraLength)) throw new Refusal('damaged');
  const dataStart = at + 30 + nameLength + extraLength;
  if (dataStart + central.compressedSize > view.byteLength) throw new Refusal('damaged');
  if (central.method === STORED && central.compressedSize !== central.size) throw new Refusal('damaged');
  // SheetJS skips a stored part by its local size, which a data descriptor leaves 0; no writer makes one.
  if (!sizesHere && (central.method === STORED || !descriptorAgrees(view, dataStart + central.compressedSize, central))) throw new Refusal('damaged');
  return { ...central, name: new Uint8Array(view.buffer, view.byteOffset + at + 30, nameLength), dataStart };
}

/**
 * A data descriptor (after the part's data) as SheetJS checks it: sizes that differ from the central entry's are
 * refused, unless the descriptor starts with its signature, when SheetJS only warns.
 */
function descriptorAgrees(view: DataView, at: number, central: Pick<Part, 'compressedSize' | 'size'>): boolean {
  const signed = view.getUint32(at, true) === DATA_DESCRIPTOR;
  const sizesAt = at + (signed ? 8 : 4);
  return signed || (view.getUint32(sizesAt, true) === central.compressedSize && view.getUint32(sizesAt + 4, true) === central.size);
}

function hasZip64(view: DataView, start: number, length: number): boolean {
  for (let at = start; at + 4 <= start + length; at += 4 + view.getUint16(at + 2, true)) {
    if (view.getUint16(at, true) === ZIP64_EXTRA) return true;
  }
  return false;
}

/**
 * A package of the parts, all stored, in their order, with their local names: sizes in every header, no CRC (SheetJS
 * does not check it; the sizes were checked by inflating). Each part's data is left to fill through its slot.
 */
function storedLayout(parts: readonly Part[]): { stored: Uint8Array<ArrayBuffer>; slots: Uint8Array[] } {
  const localBytes = parts.reduce((total, part) => total + LOCAL_HEADER_BYTES + part.name.byteLength + part.size, 0);
  const centralBytes = parts.reduce((total, part) => total + CENTRAL_HEADER_BYTES + part.name.byteLength, 0);
  const stored = new Uint8Array(localBytes + centralBytes + END_RECORD_BYTES);
  const view = new DataView(stored.buffer);
  const slots: Uint8Array[] = [];
  let local = 0;
  let central = localBytes;
  for (const { name, size } of parts) {
    view.setUint32(local, LOCAL_HEADER, true);
    view.setUint16(local + 4, VERSION_NEEDED, true);
    view.setUint32(local + 18, size, true);
    view.setUint32(local + 22, size, true);
    view.setUint16(local + 26, name.byteLength, true);
    stored.set(name, local + LOCAL_HEADER_BYTES);
    const dataStart = local + LOCAL_HEADER_BYTES + name.byteLength;
    slots.push(stored.subarray(dataStart, dataStart + size));
    view.setUint32(central, CENTRAL_HEADER, true);
    view.setUint16(central + 4, VERSION_NEEDED, true);
    view.setUint16(central + 6, VERSION_NEEDED, true);
    view.setUint32(central + 20, size, true);
    view.setUint32(central + 24, size, true);
    view.setUint16(central + 28, name.byteLength, true);
    view.setUint32(central + 42, local, true);
    stored.set(name, central + CENTRAL_HEADER_BYTES);
    local = dataStart + size;
    central += CENTRAL_HEADER_BYTES + name.byteLength;
  }
  view.setUint32(central, END_OF_CENTRAL_DIRECTORY, true);
  view.setUint16(central + 8, parts.length, true);
  view.setUint16(central + 10, parts.length, true);
  view.setUint32(central + 12, centralBytes, true);
  view.setUint32(central + 16, localBytes, true);
  return { stored, slots };
}

/** Inflates a raw deflate stream into `slot` (what fits), counting its bytes no further than just past `budget`. */
async function inflateInto(data: Uint8Array<ArrayBuffer>, slot: Uint8Array, budget: number): Promise<number> {
  const reader = new Blob([data]).stream().pipeThrough(new DecompressionStream('deflate-raw')).getReader();
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return size;
    if (size + value.byteLength <= slot.byteLength) slot.set(value, size);
    size += value.byteLength;
    if (size > budget) {
      await reader.cancel();
      return size;
    }
  }
}
