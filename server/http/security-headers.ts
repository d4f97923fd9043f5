import type { MiddlewareHandler } from 'hono';
import { secureHeaders } from 'hono/secure-headers';
import type { Config } from '../env';

/**
 * Headers on every answer. Scripts only from our origin (no inline scripts: the built app has
 * none); inline styles are allowed because React style props and the PWA plugin use them.
 * HSTS only when the app is known to be served over HTTPS, so local http use is not pinned.
 * Powerful features are off but for the camera, which our own pages use to scan QR codes.
 * 'wasm-unsafe-eval' lets our own QR reader (zxing's WebAssembly, served from this origin) compile
 * where the browser has no BarcodeDetector; it allows no eval of JavaScript.
 */
export function securityHeaders(config: Config): MiddlewareHandler {
  return secureHeaders({
    contentSecurityPolicy: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'", "'wasm-unsafe-eval'"],
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: ["'self'", 'data:', 'blob:'],
      fontSrc: ["'self'"],
      connectSrc: ["'self'"],
      manifestSrc: ["'self'"],
      workerSrc: ["'self'"],
      frameAncestors: ["'none'"],
      baseUri: ["'self'"],
      formAction: ["'self'"],
      objectSrc: ["'none'"],
    },
    referrerPolicy: 'strict-origin-when-cross-origin',
    xFrameOptions: 'DENY',
    permissionsPolicy: { camera: ['self'], microphone: [], geolocation: [], payment: [], usb: [], serial: [], bluetooth: [] },
    strictTransportSecurity: config.APP_ORIGIN?.startsWith('https:') ? 'max-age=15552000' : false,
  });
}
