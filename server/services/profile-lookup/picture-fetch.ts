import { isIP } from 'node:net';
import { readCapped } from './provider-client';

/**
 * Downloads a profile's picture for the photo pipeline, refusing what a picture must not be:
 * only https (plain http only from a loopback host, and only when the provider itself is on
 * loopback: the local test provider), no literal private or loopback address over https, at most
 * MAX_REDIRECTS redirects (each hop checked again), an image content type, at most
 * MAX_PICTURE_BYTES, and a time limit for the whole download. The bytes are decided by the photo
 * pipeline afterwards (it sniffs them and re-encodes), never by the header alone.
 */

export const MAX_PICTURE_BYTES = 5 * 1024 * 1024;
export const MAX_REDIRECTS = 3;
const DEFAULT_TIMEOUT_MS = 8000;
const IMAGE_TYPES = /^image\/(?:jpeg|png|webp|avif|heic|heif)$/;

export type PictureResult = { ok: true; bytes: Uint8Array } | { ok: false; reason: string };

const LOOPBACK_NAMES = new Set(['localhost', '127.0.0.1', '[::1]', '::1']);

export function isLoopbackHost(hostname: string): boolean {
  return LOOPBACK_NAMES.has(hostname.toLowerCase()) || /^127\.\d+\.\d+\.\d+$/.test(hostname);
}

/** A literal address no picture of a public profile lives at (private, loopback, link-local). */
function isPrivateLiteral(hostname: string): boolean {
  const host = hostname.replace(/^\[|\]$/g, '').toLowerCase();
  if (host === 'localhost' || host.endsWith('.localhost')) return true;
  const kind = isIP(host);
  if (kind === 4) {
    const [a, b] = host.split('.').map(Number) as [number, number];
    return a === 0 || a === 10 || a === 127 || (a === 169 && b === 254) || (a === 172 && b >= 16 && b <= 31) || (a === 192 && b === 168) || (a === 100 && b >= 64 && b <= 127);
  }
  if (kind === 6) return host === '::1' || host === '::' || /^(?:fc|fd|fe[89ab])/.test(host) || host.startsWith('::ffff:');
  return false;
}

export interface PictureFetchOptions {
  /** Allow http from loopback hosts (set when the provider itself is on loopback, as in tests). */
  allowLoopbackHttp?: boolean;
  timeoutMs?: number;
}

export function pictureUrlProblem(url: URL, options: PictureFetchOptions): string | undefined {
  if (url.username || url.password) return 'credentials in the URL';
  if (url.protocol === 'https:') return isPrivateLiteral(url.hostname) ? 'a private address' : undefined;
  if (url.protocol === 'http:' && options.allowLoopbackHttp && isLoopbackHost(url.hostname)) return undefined;
  return `scheme ${url.protocol} refused`;
}

export async function fetchPicture(address: string, options: PictureFetchOptions = {}): Promise<PictureResult> {
  let url: URL;
  try {
    url = new URL(address);
  } catch {
    return { ok: false, reason: 'not a URL' };
  }
  const signal = AbortSignal.timeout(options.timeoutMs ?? DEFAULT_TIMEOUT_MS);
  try {
    for (let hop = 0; ; hop++) {
      const problem = pictureUrlProblem(url, options);
      if (problem) return { ok: false, reason: problem };
      const response = await fetch(url, { redirect: 'manual', signal, headers: { accept: 'image/*' } });
      if (response.status >= 300 && response.status < 400) {
        await response.body?.cancel();
        const location = response.headers.get('location');
        if (!location || hop >= MAX_REDIRECTS) return { ok: false, reason: `redirect ${hop + 1} refused` };
        url = new URL(location, url);
        continue;
      }
      if (response.status !== 200) {
        await response.body?.cancel();
        return { ok: false, reason: `answered ${response.status}` };
      }
      const type = (response.headers.get('content-type') ?? '').split(';')[0]!.trim().toLowerCase();
      if (!IMAGE_TYPES.test(type)) {
        await response.body?.cancel();
        return { ok: false, reason: `content type '${type.slice(0, 50)}'` };
      }
      const bytes = await readCapped(response, MAX_PICTURE_BYTES);
      if (!bytes) return { ok: false, reason: `over ${MAX_PICTURE_BYTES} bytes` };
      return { ok: true, bytes };
    }
  } catch (error) {
    return { ok: false, reason: error instanceof Error ? error.message : String(error) };
  }
}
