/** The outbox-drain benchmark's data set: the swiping crowd of the crash tests with 1,000 targets. */
import type { Kysely } from 'kysely';
import type { Database } from '../../server/db/schema';
import { createSwipeEventData, type SwipeEventData } from '../../server/test/helpers/swipe-event-data';

export type { Swiper, SwipeTarget } from '../../server/test/helpers/swipe-event-data';
export type DrainBenchData = SwipeEventData;

export const DRAIN_TARGETS = 1_000;

export function createDrainBenchData(db: Kysely<Database>, now: Date, swiperCount: number): Promise<DrainBenchData> {
  return createSwipeEventData(db, now, { swipers: swiperCount, targets: DRAIN_TARGETS });
}
