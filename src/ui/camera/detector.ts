// The barcode reader, loaded only when a camera scan starts: the BarcodeDetector ponyfill (barcode-detector, on
// zxing-wasm), with its WebAssembly file served by the app itself and precached by the service worker, so scanning
// works offline and never fetches from another host. The same reader on every browser, iPhone included.
import { SCAN_FORMATS } from './scan-code';

export interface DetectedCode {
  readonly rawValue: string;
  readonly format: string;
}

export interface CodeReader {
  detect(source: HTMLVideoElement): Promise<DetectedCode[]>;
}

let loading: Promise<CodeReader> | undefined;

async function load(): Promise<CodeReader> {
  const [{ BarcodeDetector, prepareZXingModule }, { default: wasmUrl }] = await Promise.all([
    import('barcode-detector/ponyfill'),
    import('zxing-wasm/reader/zxing_reader.wasm?url'),
  ]);
  // Compiled now, so a file that cannot load is told at once rather than at the first frame.
  await prepareZXingModule({
    overrides: { locateFile: (path: string, prefix: string) => (path.endsWith('.wasm') ? wasmUrl : prefix + path) },
    fireImmediately: true,
  });
  return new BarcodeDetector({ formats: [...SCAN_FORMATS] });
}

/** One reader per page: the WebAssembly module is compiled once. A failed load is tried again next time. */
export function codeReader(): Promise<CodeReader> {
  loading ??= load().catch((error: unknown) => {
    loading = undefined;
    throw error;
  });
  return loading;
}
