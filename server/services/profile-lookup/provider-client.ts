import * as v from 'valibot';
import {
  providerProfileAnswerSchema,
  providerSearchAnswerSchema,
  type ProviderProfileAnswer,
  type ProviderSearchAnswer,
} from '../../../contract/profile-lookup';

/**
 * The client of a profile-lookup provider (PROFILE_LOOKUP_URL; its protocol: docs/operations.md, 'Profile-lookup
 * provider protocol', and contract/profile-lookup.ts). Every answer is checked with valibot; every
 * failure becomes one of two errors the route maps to its answers.
 */

/** The provider knows no profile with that id (its 404 {code: 'PROFILE_NOT_FOUND'}). */
export class ProfileNotFoundError extends Error {
  override readonly name = 'ProfileNotFoundError';
}

/** The provider could not be reached, timed out, failed or answered something unreadable. */
export class ProviderFailedError extends Error {
  override readonly name = 'ProviderFailedError';
}

export interface ProviderOptions {
  /** The provider's base URL (http or https). */
  baseUrl: string;
  /** Sent as Authorization: Bearer <key> when set. */
  key?: string | undefined;
  /** Per call, connect to last byte (default 8 s). */
  timeoutMs?: number;
}

/** The largest answer read from the provider (its profile texts are small). */
const MAX_ANSWER_BYTES = 256 * 1024;
const DEFAULT_TIMEOUT_MS = 8000;

export interface ProfileProvider {
  readonly baseUrl: string;
  search(query: { firstName: string; lastName: string; company: string }): Promise<ProviderSearchAnswer>;
  profile(profileId: string): Promise<ProviderProfileAnswer>;
}

const endpoint = (base: string, path: string) => `${base.replace(/\/+$/, '')}/${path}`;

/** Reads at most `max` bytes of a body; more is a failure (the rest is not downloaded). */
export async function readCapped(response: Response, max: number): Promise<Uint8Array | undefined> {
  const declared = Number(response.headers.get('content-length'));
  if (Number.isFinite(declared) && declared > max) {
    await response.body?.cancel();
    return undefined;
  }
  if (!response.body) return new Uint8Array();
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > max) {
      await reader.cancel();
      return undefined;
    }
    chunks.push(value);
  }
  const bytes = new Uint8Array(size);
  let at = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, at);
    at += chunk.byteLength;
  }
  return bytes;
}

export function createProfileProvider(options: ProviderOptions): ProfileProvider {
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;

  async function call(path: string, body: unknown): Promise<{ status: number; json: unknown }> {
    const headers: Record<string, string> = { 'content-type': 'application/json', accept: 'application/json' };
    if (options.key) headers.authorization = `Bearer ${options.key}`;
    try {
      const response = await fetch(endpoint(options.baseUrl, path), {
        method: 'POST',
        headers,
        body: JSON.stringify(body),
        // A provider has no business sending us elsewhere.
        redirect: 'error',
        signal: AbortSignal.timeout(timeoutMs),
      });
      const bytes = await readCapped(response, MAX_ANSWER_BYTES);
      if (!bytes) throw new ProviderFailedError(`answer of ${path} over ${MAX_ANSWER_BYTES} bytes`);
      let json: unknown = undefined;
      try {
        json = bytes.byteLength > 0 ? JSON.parse(new TextDecoder().decode(bytes)) : undefined;
      } catch {
        json = undefined;
      }
      return { status: response.status, json };
    } catch (error) {
      if (error instanceof ProviderFailedError) throw error;
      // Refused connections, DNS, TLS, the timeout (a DOMException 'TimeoutError').
      throw new ProviderFailedError(`${path}: ${error instanceof Error ? error.message : String(error)}`);
    }
  }

  function parse<S extends v.GenericSchema>(schema: S, path: string, answer: { status: number; json: unknown }): v.InferOutput<S> {
    if (answer.status !== 200) throw new ProviderFailedError(`${path} answered ${answer.status}`);
    const result = v.safeParse(schema, answer.json);
    if (!result.success) throw new ProviderFailedError(`${path} answered a body that does not match the protocol`);
    return result.output;
  }

  return {
    baseUrl: options.baseUrl,
    async search(query) {
      return parse(providerSearchAnswerSchema, 'search', await call('search', query));
    },
    async profile(profileId) {
      const answer = await call('profile', { profileId });
      if (answer.status === 404) {
        const code = (answer.json as { code?: unknown } | undefined)?.code;
        // A 404 without the code is a wrong base URL, not an unknown profile.
        if (code === 'PROFILE_NOT_FOUND') throw new ProfileNotFoundError(profileId);
      }
      return parse(providerProfileAnswerSchema, 'profile', answer);
    },
  };
}
