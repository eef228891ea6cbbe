import { BarcodeDetector, prepareZXingModule } from 'barcode-detector/ponyfill';
// Vite copies the reader's WebAssembly into the build (dist/assets/zxing_reader-<hash>.wasm) and
// answers its URL on our own origin: the library would otherwise fetch it from a CDN.
import zxingWasmUrl from 'zxing-wasm/reader/zxing_reader.wasm?url';

let isPrepared = false;

/**
 * A QR-only BarcodeDetector (the ponyfill, the same on every browser) whose ZXing module loads
 * the .wasm this build serves; the service worker has it cached for offline use.
 */
export function createQrDetector(): BarcodeDetector {
  if (!isPrepared) {
    prepareZXingModule({
      overrides: {
        locateFile: (path: string, prefix: string) =>
          path.endsWith('.wasm') ? new URL(zxingWasmUrl, window.location.href).href : prefix + path,
      },
    });
    isPrepared = true;
  }
  return new BarcodeDetector({ formats: ['qr_code'] });
}

export type { BarcodeDetector };
