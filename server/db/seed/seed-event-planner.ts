import type { EventTypeLabel } from './data/catalogue';
import { EVENT_COVER_COUNT, eventCoverUrl } from './media';
import type { Random } from './random';
import { DAY, HOUR, MINUTE, offsetFor, type PlannedEvent, type SeedClock } from './seed-plan';

/** What planning the demo's events shares: their generator, the names taken, the plan so far, and times. */
export interface EventPlanner {
  clock: SeedClock;
  rng: Random;
  usedNames: Set<string>;
  planned: PlannedEvent[];
  /** A start at a local wall-clock time on the day `dayOffset` from today. */
  localTime(dayOffset: number, hour: number, minute: number, place: PlannedEvent['place']): number;
  /** Weekdays for most events, a Saturday for hackathons, nothing over Christmas and New Year. */
  settleDay(dayOffset: number, type: EventTypeLabel, direction: 1 | -1): number;
  coverFor(rng: Random): string;
  yearOf(ms: number): string;
}

export function eventPlanner(root: Random, clock: SeedClock): EventPlanner {
  const { dayStart } = clock;
  const yearOf = (ms: number) => String(new Date(ms).getUTCFullYear());
  const coverFor = (rng: Random) => eventCoverUrl(rng.int(1, EVENT_COVER_COUNT));
  /** A start at a local wall-clock time on the day `dayOffset` from today. */
  const localTime = (dayOffset: number, hour: number, minute: number, place: PlannedEvent['place']) => {
    const offset = typeof place === 'object' ? offsetFor(place.country.code, place.name) : 1;
    return dayStart + dayOffset * DAY + (hour - offset) * HOUR + minute * MINUTE;
  };

  /** Weekdays for most events, a Saturday for hackathons, nothing over Christmas and New Year. */
  const settleDay = (dayOffset: number, type: EventTypeLabel, direction: 1 | -1): number => {
    let day = dayOffset;
    for (let tries = 0; tries < 30; tries++, day += direction) {
      const date = new Date(dayStart + day * DAY);
      const weekday = date.getUTCDay();
      const holiday = (date.getUTCMonth() === 11 && date.getUTCDate() >= 20) || (date.getUTCMonth() === 0 && date.getUTCDate() <= 6);
      if (holiday) continue;
      if (type === 'Hackathon' ? weekday === 6 : type === 'Festival' || type === 'Trade Fair' ? true : weekday >= 1 && weekday <= 4) return day;
    }
    return dayOffset;
  };
  return { clock, rng: root.fork('events'), usedNames: new Set<string>(), planned: [], localTime, settleDay, coverFor, yearOf };
}
