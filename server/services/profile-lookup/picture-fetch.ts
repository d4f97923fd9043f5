import { checkOutboundUrl, outboundUrlProblem, requestOutbound, type OutboundPolicy, type ResolveHost } from '../outbound/address-guard';

/**
 * Downloads a profile's picture for the photo pipeline, refusing what a picture must not be: every
 * URL, each redirect hop included, passes the outbound guard (https, a host that resolves only to
 * public addresses, checked as the connection is made; the provider's own origin is the operator's
 * choice and taken as it is), at most MAX_REDIRECTS redirects, an image content type, at most
 * MAX_PICTURE_BYTES, and a time limit for the whole download. The bytes are decided by the photo
 * pipeline afterwards (it sniffs them and re-encodes), never by the header alone.
 */

export const MAX_PICTURE_BYTES = 5 * 1024 * 1024;
export const MAX_REDIRECTS = 3;
const DEFAULT_TIMEOUT_MS = 8000;
const IMAGE_TYPES = /^image\/(?:jpeg|png|webp|avif|heic|heif)$/;

export type PictureResult = { ok: true; bytes: Uint8Array } | { ok: false; reason: string };

export interface PictureFetchOptions {
  /** Origins taken as they are: the provider's own (PROFILE_LOOKUP_URL), which the operator set. */
  trustedOrigins?: readonly string[];
  timeoutMs?: number;
  resolve?: ResolveHost;
}

const policyOf = (options: PictureFetchOptions): OutboundPolicy => ({ trustedOrigins: options.trustedOrigins ?? [], resolve: options.resolve });

/** What is wrong with the URL itself (before any resolution), or undefined. */
export function pictureUrlProblem(url: URL, options: PictureFetchOptions): string | undefined {
  return outboundUrlProblem(url, policyOf(options));
}

/** The same check with the host resolved, as a download would make it: undefined when it may go ahead. */
export function checkPictureUrl(url: URL, options: PictureFetchOptions): Promise<string | undefined> {
  return checkOutboundUrl(url, policyOf(options));
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
      const response = await requestOutbound(url, { headers: { accept: 'image/*' }, signal, policy: policyOf(options) });
      if (response.status >= 300 && response.status < 400) {
        response.discard();
        const location = response.header('location');
        if (!location || hop >= MAX_REDIRECTS) return { ok: false, reason: `redirect ${hop + 1} refused` };
        url = new URL(location, url);
        continue;
      }
      if (response.status !== 200) {
        response.discard();
        return { ok: false, reason: `answered ${response.status}` };
      }
      const type = (response.header('content-type') ?? '').split(';')[0]!.trim().toLowerCase();
      if (!IMAGE_TYPES.test(type)) {
        response.discard();
        return { ok: false, reason: `content type '${type.slice(0, 50)}'` };
      }
      const bytes = await response.bytes(MAX_PICTURE_BYTES);
      if (!bytes) return { ok: false, reason: `over ${MAX_PICTURE_BYTES} bytes` };
      return { ok: true, bytes };
    }
  } catch (error) {
    return { ok: false, reason: error instanceof Error ? error.message : String(error) };
  }
}
