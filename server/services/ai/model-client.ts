import OpenAI from 'openai';
import type { Config } from '../../env';

/**
 * The one place that creates the `openai` client. Any OpenAI-compatible endpoint:
 * AI_BASE_URL (e.g. https://api.openai.com/v1, Ollama's http://127.0.0.1:11434/v1, or the tests'
 * fake server from tests/support/fake-openai-server.ts), AI_API_KEY, AI_MODEL.
 *
 * - `modelClient(config)` is undefined when no model is configured (AI_BASE_URL unset) or AI is
 *   off platform-wide (AI_ENABLED=false): callers then use their own non-model path.
 * - One client per Config object (kept in a WeakMap), so the SDK's connection pool is reused.
 * - No retries inside the SDK (maxRetries 0): a caller decides what a failure means (the guided
 *   answer, the plain motivation, an error line in the chat); a request gives up after
 *   MODEL_TIMEOUT_MS.
 */

export const MODEL_TIMEOUT_MS = 30_000;

export interface ModelClient {
  client: OpenAI;
  /** AI_MODEL: pass it as `model` to every call. */
  model: string;
}

type ModelConfig = Pick<Config, 'AI_ENABLED' | 'AI_BASE_URL' | 'AI_API_KEY' | 'AI_MODEL'>;

const clients = new WeakMap<ModelConfig, ModelClient>();

export function modelClient(config: ModelConfig): ModelClient | undefined {
  if (!config.AI_ENABLED || !config.AI_BASE_URL) return undefined;
  let made = clients.get(config);
  if (!made) {
    made = {
      client: new OpenAI({
        baseURL: config.AI_BASE_URL,
        // Local servers (Ollama, the tests' fake) need no key; the SDK insists on a string.
        apiKey: config.AI_API_KEY ?? 'no-key',
        maxRetries: 0,
        timeout: MODEL_TIMEOUT_MS,
      }),
      model: config.AI_MODEL,
    };
    clients.set(config, made);
  }
  return made;
}

/** Whether a model is configured and AI is on (the guided assistant answers otherwise). */
export function hasModel(config: ModelConfig): boolean {
  return Boolean(config.AI_ENABLED && config.AI_BASE_URL);
}
