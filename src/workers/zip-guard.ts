// Checks an .xlsx's zip package before SheetJS opens it, so a zip bomb or a lying header is refused instead of
// filling the worker's memory: SheetJS inflates every part, sizing its buffer from the local header (or growing
// it without bound when a data descriptor holds the sizes), and compares sizes only after inflating.
// Reads headers and inflates with the platform's DecompressionStream, counting bytes and keeping none; never
// interprets what the parts contain. No dependency: the format needs a few dozen lines.

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
const END_RECORD_BYTES = 22;
const MAX_COMMENT_BYTES = 0xffff;
const ZIP64_EXTRA = 0x0001; // SheetJS takes sizes from it; a workbook within our limits never needs one
const ENCRYPTED_FLAGS = 0x2041; // traditional, strong and central-directory encryption: the bits SheetJS refuses
const DATA_DESCRIPTOR_FLAG = 0x0008;
const STORED = 0;
const DEFLATED = 8;

interface Part {
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

/** Why the package must not be opened, or undefined when every part inflates within the limits to its stated size. */
export async function zipProblem(bytes: Uint8Array<ArrayBuffer>, limits: ZipLimits): Promise<ZipProblem | undefined> {
  try {
    const parts = readDirectory(new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength), limits);
    let budget = limits.maxUnpackedBytes;
    for (const part of parts) {
      const data = bytes.subarray(part.dataStart, part.dataStart + part.compressedSize);
      // The sizes were checked against the budget already; only the inflated bytes can still lie.
      const size = part.method === STORED ? data.byteLength : await inflatedSize(data, budget);
      if (size > budget) return 'too large';
      if (size !== part.size) return 'damaged';
      budget -= size;
    }
    return undefined;
  } catch (error) {
    if (error instanceof Refusal) return error.problem;
    return 'damaged'; // a bounds error or an invalid deflate stream
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
function localPart(view: DataView, at: number, central: Omit<Part, 'dataStart'>): Part {
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
  return { ...central, dataStart };
}

function hasZip64(view: DataView, start: number, length: number): boolean {
  for (let at = start; at + 4 <= start + length; at += 4 + view.getUint16(at + 2, true)) {
    if (view.getUint16(at, true) === ZIP64_EXTRA) return true;
  }
  return false;
}

/** The bytes a raw deflate stream inflates to, counting no further than just past `budget`. */
async function inflatedSize(data: Uint8Array<ArrayBuffer>, budget: number): Promise<number> {
  const reader = new Blob([data]).stream().pipeThrough(new DecompressionStream('deflate-raw')).getReader();
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return size;
    size += value.byteLength;
    if (size > budget) {
      await reader.cancel();
      return size;
    }
  }
}
