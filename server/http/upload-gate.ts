import type { Readable } from 'node:stream';
import type { Context, MiddlewareHandler } from 'hono';
import { PROFILE_IMAGE_ERRORS, PROFILE_IMAGE_UPLOADS_PER_HOUR, PROFILE_UPLOAD_CODES } from '../../contract/profile-photo';
import { ApiError } from './api-error';
import type { AppDeps, AppEnv } from './app-env';
import { PHOTO_BODY_LIMIT } from './body-size-limit';
import { nodeRequestStream } from './read-body';
import { enforceRateLimit } from './rate-limited';

/**
 * Upload bodies this process takes at once: each is a temporary file of up to 15 MB and a decode
 * of up to about 80 MB (services/profiles/photo-pipeline.ts), and the pipeline decodes two at a time anyway. With no
 * bound, 20 photos of 14 MB read side by side (each whole, in memory, several times over) took the
 * embedded server from under 400 MB to 1.3 GB and kept it there, and /healthz waited seconds.
 */
export const MAX_UPLOADS_IN_FLIGHT = 2;

/** Retry-After of the 503: an upload on loopback or a good network is over within a few seconds. */
export const UPLOADS_BUSY_RETRY_AFTER_SECONDS = 5;

const HOUR_MS = 60 * 60 * 1000;

let inFlight = 0;

/** Upload bodies being read or decoded in this process now. */
export function uploadsInFlight(): number {
  return inFlight;
}

const isMultipart = (contentType: string | undefined) => (contentType ?? '').split(';')[0]!.trim().toLowerCase() === 'multipart/form-data';

/**
 * Reads a refused upload's body to its end and keeps none of it, so that the refusal reaches the
 * client: answered while the client still sends, the connection is cut once the Node adapter has
 * drained it for half a second, and a browser reports a network error instead of the answer. At
 * most PHOTO_BODY_LIMIT bytes (body-size-limit.ts has checked a declared length already); the
 * server's request timeout ends a client that sends too slowly. Read from Node's own stream where
 * there is one: through the Fetch API's stream, 18 refused bodies of 14 MB kept the event loop
 * from /healthz for 400 ms.
 */
function discardBody(c: Context): Promise<void> {
  const incoming = nodeRequestStream(c);
  return incoming ? discardNodeStream(incoming) : discardWebStream(c.req.raw.body);
}

function discardNodeStream(incoming: Readable): Promise<void> {
  if (incoming.readableEnded || incoming.destroyed) return Promise.resolve();
  return new Promise((resolve) => {
    let seen = 0;
    const done = () => {
      incoming.off('data', counted);
      incoming.off('end', done);
      incoming.off('close', done);
      incoming.off('error', done);
      resolve();
    };
    const counted = (chunk: Buffer) => {
      seen += chunk.length;
      if (seen > PHOTO_BODY_LIMIT) done();
    };
    incoming.on('data', counted);
    incoming.once('end', done);
    incoming.once('close', done);
    incoming.once('error', done);
  });
}

async function discardWebStream(body: ReadableStream<Uint8Array> | null): Promise<void> {
  if (!body) return;
  const reader = body.getReader();
  let seen = 0;
  try {
    while (seen <= PHOTO_BODY_LIMIT) {
      const { done, value } = await reader.read();
      if (done) return;
      seen += value.byteLength;
    }
    await reader.cancel();
  } catch {
    // The client went away: nobody to answer.
  } finally {
    reader.releaseLock();
  }
}

/**
 * In front of the route that takes a photo (multipart PATCH users/me; its text edits come as JSON
 * and pass straight through). Decided before the body is read into memory:
 * - with MAX_UPLOADS_IN_FLIGHT bodies in this process already, 503 with Retry-After, without
 *   waiting for a turn (its body is thrown away as it arrives: discardBody);
 * - past PROFILE_IMAGE_UPLOADS_PER_HOUR of this member's, 429 with Retry-After (the database's
 *   limiter, so every process counts alike). Every multipart body counts, photo or not: its size
 *   is only known once read, and the app sends multipart only with a photo. A 503 does not count.
 * Runs after requireUser.
 */
export function photoUploadGate(deps: AppDeps): MiddlewareHandler<AppEnv> {
  const { db, clock } = deps;
  /** The 429 of this member's upload, or undefined after counting it. */
  async function overMemberLimit(userId: string): Promise<ApiError | undefined> {
    const rule = { bucket: `photo-upload:${userId}`, limit: PROFILE_IMAGE_UPLOADS_PER_HOUR, windowMs: HOUR_MS };
    try {
      await enforceRateLimit(db, rule, clock());
      return undefined;
    } catch (error) {
      if (!(error instanceof ApiError) || error.status !== 429) throw error;
      return new ApiError(429, PROFILE_IMAGE_ERRORS.tooManyUploads, { code: PROFILE_UPLOAD_CODES.rateLimited, headers: error.extra.headers ?? {} });
    }
  }

  return async (c, next) => {
    if (!isMultipart(c.req.header('content-type'))) return next();
    if (inFlight >= MAX_UPLOADS_IN_FLIGHT) {
      await discardBody(c);
      throw new ApiError(503, PROFILE_IMAGE_ERRORS.busy, {
        code: PROFILE_UPLOAD_CODES.busy,
        headers: { 'Retry-After': String(UPLOADS_BUSY_RETRY_AFTER_SECONDS) },
      });
    }
    inFlight += 1;
    let refusal: ApiError | undefined;
    try {
      refusal = await overMemberLimit(c.get('userId'));
      if (!refusal) await next();
    } finally {
      inFlight -= 1;
    }
    if (refusal) {
      await discardBody(c);
      throw refusal;
    }
  };
}
