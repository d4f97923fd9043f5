import * as v from 'valibot';
import type { EventListItem } from './events';

/**
 * AI event recommendations (docs/product.md sections 3, 4, 7 and 9). Paths, under
 * /api/ai-recommendations:
 *
 *   PUT  consent {consent}       -> ConsentAnswer    opt in or out (the 'ai_recommendations' consent)
 *   GET  consent                 -> ConsentAnswer    consent null: never asked
 *   GET  status                  -> AiStatus         whether AI is on for this server
 *   GET  top-3 [?eventId]        -> RecommendationsAnswer (batch 1; eventId: events like that one)
 *   GET  pro/status              -> ProStatus
 *   GET  batches                 -> BatchesAnswer
 *   GET  pro/batch/{n} [?eventId] -> RecommendationsAnswer (PRO only, n from 1)
 *
 * Without consent every recommendation call is 403 with code AI_CONSENT_REQUIRED; with AI off
 * on the server (AI_ENABLED=false) 503 with code AI_DISABLED.
 */

/** docs/product.md section 9: three per batch. */
export const RECOMMENDATIONS_PER_BATCH = 3;
/** Batches a PRO member can load (10 batches: the 30 best events). */
export const MAX_BATCHES = 10;

export interface Recommendation {
  eventId: string;
  /** As every endpoint returns events: a PRO-only event a free member is not registered at is a locked preview. */
  event: EventListItem;
  /** 0-100; the client colours 90+, 80+ and 70+. */
  matchScore: number;
  /** Built from the signals that fired for this event (rewritten by the language model when one is configured). */
  motivation: string;
}

export interface RecommendationsAnswer {
  recommendations: Recommendation[];
  lastUpdated: string;
  totalRecommendations: number;
  hasMoreBatches: boolean;
}

export interface ConsentAnswer {
  /** null: the member has not decided yet (the block shows the prompt). */
  consent: boolean | null;
}

export interface AiStatus {
  /** False when AI is turned off on this server (AI_ENABLED=false). */
  aiEnabled: boolean;
  /** Whether a language model writes the motivations (AI_BASE_URL); our own recommender otherwise. */
  model: boolean;
}

export interface ProStatus {
  hasProAccess: boolean;
  maxBatches: number;
}

export interface BatchesAnswer {
  hasMoreBatches: boolean;
  totalRecommendations: number;
}

export const RECOMMENDATION_ERRORS = {
  consentRequired: 'AI recommendations are turned off. Turn them on to see events picked for you.',
  /** docs/product.md section 8: what the client shows when AI is off platform-wide. */
  disabled: 'AI recommendations temporarily unavailable',
  proRequired: 'Upgrade to PRO to load more recommendations',
  invalidBatch: 'Invalid batch number',
} as const;

export const RECOMMENDATION_CODES = {
  consentRequired: 'AI_CONSENT_REQUIRED',
  disabled: 'AI_DISABLED',
  proRequired: 'PRO_REQUIRED',
} as const;

export const consentBodySchema = v.object({ consent: v.boolean('consent must be true or false') });

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** ?eventId= of top-3 and pro/batch/{n}: events like this one. */
export const recommendationsQuerySchema = v.object({
  eventId: v.optional(v.pipe(v.string(), v.regex(UUID, 'Invalid event id'))),
});
