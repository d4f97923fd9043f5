import type { Kysely } from 'kysely';
import { MAX_BATCHES, RECOMMENDATIONS_PER_BATCH, type Recommendation, type RecommendationsAnswer } from '../../../contract/recommendations';
import type { Database } from '../../db/schema';
import { isLockedRow } from '../events/event-mapper';
import { loadEventListItems } from '../events/event-queries';
import type { Viewer } from '../events/visibility';
import { eventLikeSignals, memberSignals } from './member-signals';
import { motivationOf } from './motivation';
import { rankEvents, type RankedEvent } from './rank-events';

/** A pick whose signals add up to less than this is noise, not a recommendation (popularity aside). */
const MIN_RELEVANCE = 0.05;

/**
 * docs/product.md's matchScore from the pick's relevance (0-1, the weighted sum of its signals, each 0-1):
 * how well the event fits the member, not how popular it is (popularity orders the picks too, so
 * a popular pick may come before one that fits a little better). The square root spreads the
 * useful range: 0.5, a strong match on two signals, shows as 71; 0.81 as 90.
 */
export function matchScoreOf(relevance: number): number {
  return Math.max(0, Math.min(100, Math.round(100 * Math.sqrt(relevance))));
}

export interface Ranking {
  picks: RankedEvent[];
  signals: Awaited<ReturnType<typeof memberSignals>>;
}

/** Every pick the member can get (at most MAX_BATCHES batches), best first. */
export async function rankFor(db: Kysely<Database>, userId: string, now: Date, likeEventId?: string): Promise<Ranking> {
  const signals = likeEventId ? await eventLikeSignals(db, userId, likeEventId) : await memberSignals(db, userId);
  const ranked = await rankEvents(db, signals, now, MAX_BATCHES * RECOMMENDATIONS_PER_BATCH);
  return { picks: ranked.filter((pick) => pick.relevance >= MIN_RELEVANCE), signals };
}

/** Rewrites motivations (the language model); returns them unchanged when it cannot. */
export type MotivationWriter = (picks: ReadonlyArray<{ recommendation: Recommendation; locked: boolean }>) => Promise<string[]>;

/** Batch `batch` (from 1) of the ranking as the API's answer, events as this viewer may see them. */
export async function recommendationsBatch(
  db: Kysely<Database>,
  viewer: Viewer,
  now: Date,
  ranking: Ranking & { computedAt?: Date },
  batch: number,
  writer?: MotivationWriter,
): Promise<RecommendationsAnswer> {
  const start = (batch - 1) * RECOMMENDATIONS_PER_BATCH;
  const picks = ranking.picks.slice(start, start + RECOMMENDATIONS_PER_BATCH);
  const { items, rows } = await loadEventListItems(
    db,
    viewer,
    now,
    picks.map((pick) => pick.id),
  );
  const pickOf = new Map(picks.map((pick) => [pick.id, pick]));
  // An event deleted since it was ranked is not loaded: rows and items hold the others, in order.
  const drafted = rows.map((row, i) => {
    const pick = pickOf.get(row.id)!;
    const locked = isLockedRow(viewer, row);
    const recommendation: Recommendation = {
      eventId: pick.id,
      event: items[i]!,
      matchScore: matchScoreOf(pick.relevance),
      motivation: motivationOf(pick, ranking.signals, locked),
    };
    return { recommendation, locked };
  });
  if (writer && drafted.length > 0) {
    const written = await writer(drafted);
    drafted.forEach((draft, i) => (draft.recommendation.motivation = written[i] ?? draft.recommendation.motivation));
  }
  return {
    recommendations: drafted.map((d) => d.recommendation),
    lastUpdated: (ranking.computedAt ?? now).toISOString(),
    totalRecommendations: ranking.picks.length,
    hasMoreBatches: ranking.picks.length > start + RECOMMENDATIONS_PER_BATCH,
  };
}
