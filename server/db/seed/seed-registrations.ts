import { DEMO_FLAGSHIP_EVENT_IDS } from './constants';
import { GENERIC_GOALS } from './data/people';
import type { Random } from './random';
import type { Members } from './seed-members';
import { CURRENT_AFTER_END, DAY, HOUR, type PlannedEvent, type PlannedUser, type Row } from './seed-plan';

/** Who attends what, and the lists of events the later steps pick from. */
export interface Registrations {
  registrations: Map<string, Row<'event_attendees'>>;
  /** Event id to the ids of its attendees. */
  byEvent: Map<string, Set<string>>;
  /** Registers the member once (later calls for the same pair change nothing). */
  register(rng: Random, person: PlannedUser, event: PlannedEvent, goal?: string | null, joinedAt?: number): void;
  summit: PlannedEvent;
  festival: PlannedEvent;
  openUpcoming: PlannedEvent[];
  pastEvents: PlannedEvent[];
  /** The past events the demo member attended. */
  demoPast: PlannedEvent[];
}

/** Registrations: the flagships' crowds, each member's few events, and the demo accounts' own. */
export function buildRegistrations(root: Random, planned: PlannedEvent[], { attendees, demo, demoPro }: Members, nowMs: number): Registrations {
  /** "Has not ended yet, 6-hour grace included" is the rule of contract/event-currency.ts. */
  const isUpcoming = (e: PlannedEvent) => (e.hasEnd ? e.end : e.start) + CURRENT_AFTER_END >= nowMs;
  const isPast = (e: PlannedEvent) => !isUpcoming(e);
  const regRng = root.fork('registrations');
  const registrations = new Map<string, Row<'event_attendees'>>();
  const byEvent = new Map<string, Set<string>>();
  const eventById = new Map(planned.map((e) => [e.id, e]));
  const register = (rng: Random, person: PlannedUser, event: PlannedEvent, goal?: string | null, joinedAt?: number) => {
    const key = `${event.id}:${person.id}`;
    if (registrations.has(key)) return;
    const latest = Math.min(nowMs, event.start) - HOUR;
    const joined = joinedAt ?? Math.max(person.createdAt + HOUR, latest - rng.int(1, 40) * DAY);
    const chosenGoal = goal !== undefined ? goal : rng.chance(0.8) ? (rng.chance(0.7) ? rng.pick(person.track.goals) : rng.pick(GENERIC_GOALS)) : null;
    registrations.set(key, { event_id: event.id, user_id: person.id, goal: chosenGoal, joined_at: new Date(Math.min(joined, latest)) });
    const set = byEvent.get(event.id) ?? new Set<string>();
    set.add(person.id);
    byEvent.set(event.id, set);
  };

  const summit = eventById.get(DEMO_FLAGSHIP_EVENT_IDS.summit) as PlannedEvent;
  const festival = eventById.get(DEMO_FLAGSHIP_EVENT_IDS.festival) as PlannedEvent;
  const forum = eventById.get(DEMO_FLAGSHIP_EVENT_IDS.forum) as PlannedEvent;
  const flagships: [PlannedEvent, number][] = [
    [summit, 48],
    [festival, 52],
    [forum, 44],
  ];
  for (const [event, size] of flagships) {
    for (const person of regRng.sample(attendees, size)) register(regRng, person, event);
  }

  const openUpcoming = planned.filter((e) => isUpcoming(e) && !e.isProOnly && !flagships.some(([f]) => f === e));
  const proUpcoming = planned.filter((e) => isUpcoming(e) && e.isProOnly);
  const pastEvents = planned.filter((e) => isPast(e) && !e.isProOnly);
  const registeredCount = (p: PlannedUser) => [...registrations.values()].filter((r) => r.user_id === p.id).length;
  for (const person of attendees) {
    const rng = regRng.fork(person.id);
    const target = rng.int(3, 8);
    const affinity = (e: PlannedEvent) => (e.categories.includes(person.track.category) ? 4 : 1);
    let guard = 0;
    while (registeredCount(person) < target && guard++ < 50) {
      const pool = rng.chance(0.3) ? pastEvents : person.isPro && rng.chance(0.3) ? proUpcoming : openUpcoming;
      const event = rng.weighted(pool.map((e) => [e, affinity(e)] as const));
      register(rng, person, event);
    }
  }

  // The demo accounts: all three flagships with goals, plus a few more, past and upcoming.
  const demoRng = regRng.fork('demo');
  register(demoRng, demo, summit, 'Meet product people who work on offline-first or mobile apps and compare how we handle sync.');
  register(demoRng, demo, festival, 'Talk to two or three founders about what they expect from a product lead in an early team.');
  register(demoRng, demo, forum, 'Learn how other teams run discovery with busy customers.');
  const demoUpcoming = openUpcoming.filter((e) => e.categories.includes('Product Management') || e.categories.includes('Design'));
  for (const e of demoUpcoming.slice(0, 2)) register(demoRng, demo, e, null);
  const demoPast = pastEvents.filter((e) => e.categories.includes('Product Management') || e.categories.includes('Software Engineering')).slice(-2);
  for (const e of demoPast) register(demoRng, demo, e, 'Meet people who build developer tools.');
  register(demoRng, demoPro, summit, 'Meet founders who are raising a pre-seed or seed round this year.');
  register(demoRng, demoPro, festival, 'Find two or three startups to follow closely before they raise.');
  register(demoRng, demoPro, forum, null);
  for (const e of proUpcoming.slice(0, 2)) register(demoRng, demoPro, e);
  if (demoPast[0]) register(demoRng, demoPro, demoPast[0], null);

  return { registrations, byEvent, register, summit, festival, openUpcoming, pastEvents, demoPast };
}
