import zxingWasmUrl from 'zxing-wasm/reader/zxing_reader.wasm?url';

/** What the scanner needs of a BarcodeDetector, native or the polyfill. */
export interface QrReader {
  detect(source: HTMLVideoElement): Promise<Array<{ rawValue: string }>>;
}

interface NativeDetector {
  new (options: { formats: string[] }): QrReader;
  getSupportedFormats(): Promise<string[]>;
}

/**
 * A QR code reader: the browser's BarcodeDetector where it reads QR codes (Android Chrome, Safari),
 * else the `barcode-detector` polyfill (zxing compiled to WebAssembly). Its .wasm comes from our
 * own origin, never from the CDN the library defaults to: the app must scan at a venue without
 * network (the service worker precaches it, vite.config.ts) and the CSP allows only our origin.
 */
export async function createQrReader(): Promise<QrReader> {
  const Native = (globalThis as { BarcodeDetector?: NativeDetector }).BarcodeDetector;
  if (Native) {
    try {
      if ((await Native.getSupportedFormats()).includes('qr_code')) return new Native({ formats: ['qr_code'] });
    } catch {
      // A detector that cannot list its formats is not one to rely on: the polyfill reads instead.
    }
  }
  const { BarcodeDetector, prepareZXingModule } = await import('barcode-detector/ponyfill');
  // Fetched and compiled now, while the camera starts, rather than at the first frame.
  await prepareZXingModule({
    overrides: { locateFile: (path: string, prefix: string) => (path.endsWith('.wasm') ? zxingWasmUrl : prefix + path) },
    fireImmediately: true,
  });
  return new BarcodeDetector({ formats: ['qr_code'] });
}
