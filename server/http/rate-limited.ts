import type { Kysely } from 'kysely';
import { API_ERRORS } from '../../contract/errors';
import type { Database } from '../db/schema';
import { takeRateLimit, type RateRule } from '../services/limits/rate-limit';
import { ApiError } from './api-error';

/** Records a hit or answers 429 Too many requests with Retry-After (seconds). */
export async function enforceRateLimit(db: Kysely<Database>, rule: RateRule, now: Date): Promise<Date> {
  const decision = await takeRateLimit(db, rule, now);
  if (decision.allowed) return decision.hitAt;
  throw new ApiError(429, API_ERRORS.tooManyRequests, {
    headers: { 'Retry-After': String(decision.retryAfterSeconds) },
  });
}
