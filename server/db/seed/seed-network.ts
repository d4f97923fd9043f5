import { seedUuid } from './ids';
import type { Random } from './random';
import type { Members } from './seed-members';
import { DAY, HOUR, MINUTE, type PlannedEvent, type PlannedUser, type Row } from './seed-plan';
import type { Registrations } from './seed-registrations';

export interface Network {
  connections: Row<'connections'>[];
  interactions: Row<'interactions'>[];
  feedActivities: Row<'feed_activities'>[];
}

/** Connections made as the product makes them (both swiped right), pending likes, swipes, and the feed. */
export function buildNetwork(root: Random, { people, attendees, demo, demoPro }: Members, registry: Registrations, nowMs: number): Network {
  const { byEvent, register, summit, festival, openUpcoming, pastEvents, demoPast } = registry;
  const socialRng = root.fork('social');
  const connections: Row<'connections'>[] = [];
  const interactions: Row<'interactions'>[] = [];
  const feedActivities: Row<'feed_activities'>[] = [];
  const connected = new Set<string>();
  const interacted = new Map<string, 'POSITIVE' | 'NEGATIVE'>();
  const pairKey = (a: string, b: string) => (a < b ? `${a}|${b}` : `${b}|${a}`);

  const interact = (from: PlannedUser, to: PlannedUser, event: PlannedEvent, type: 'POSITIVE' | 'NEGATIVE', at: number) => {
    const key = `${from.id}>${to.id}@${event.id}`;
    if (interacted.has(key)) return;
    interacted.set(key, type);
    interactions.push({
      id: seedUuid(`interaction:${key}`),
      from_user_id: from.id,
      to_user_id: to.id,
      event_id: event.id,
      type,
      created_at: new Date(at),
    });
  };

  const connect = (a: PlannedUser, b: PlannedUser, event: PlannedEvent | null, at: number) => {
    const key = pairKey(a.id, b.id);
    if (a === b || connected.has(key)) return false;
    connected.add(key);
    if (event) {
      // Both swiped right at the event: the way a connection is made in the product.
      register(socialRng, a, event);
      register(socialRng, b, event);
      interact(a, b, event, 'POSITIVE', at - 20 * MINUTE);
      interact(b, a, event, 'POSITIVE', at);
    }
    const [first, second] = a.id < b.id ? [a, b] : [b, a];
    connections.push({ id: seedUuid(`connection:${key}`), user_a_id: first.id, user_b_id: second.id, event_id: event?.id ?? null, created_at: new Date(at) });
    // Each side sees the other in the feed.
    for (const [owner, subject] of [
      [a, b],
      [b, a],
    ] as const) {
      feedActivities.push({
        id: seedUuid(`feed:connection:${owner.id}:${subject.id}`),
        owner_user_id: owner.id,
        subject_user_id: subject.id,
        type: 'connection',
        event_id: null,
        created_at: new Date(at),
      });
    }
    return true;
  };
  const duringEvent = (rng: Random, e: PlannedEvent) => {
    const last = Math.min(e.hasEnd ? e.end : e.start + 3 * HOUR, nowMs - 30 * MINUTE);
    return e.start + Math.floor(rng.next() * Math.max(HOUR, last - e.start));
  };

  // The demo member met two people at the summit yesterday and four at earlier events.
  const summitPeople = attendees.filter((p) => byEvent.get(summit.id)?.has(p.id));
  for (const friend of summitPeople.slice(0, 2)) {
    connect(demo, friend, summit, Math.min(nowMs - 2 * HOUR, summit.start + socialRng.int(2, 8) * HOUR));
  }
  for (const [n, event] of demoPast.entries()) {
    const free = attendees.filter((p) => !connected.has(pairKey(demo.id, p.id)));
    const there = free.filter((p) => byEvent.get(event.id)?.has(p.id));
    const friends = [...socialRng.shuffle(there), ...socialRng.shuffle(free.filter((p) => !there.includes(p)))].slice(0, 2 + n);
    for (const friend of friends) connect(demo, friend, event, duringEvent(socialRng, event));
  }
  connect(demo, demoPro, null, nowMs - 40 * DAY);

  // Other members: pairs who met at past events.
  let made = 0;
  for (let guard = 0; made < 34 && guard < 500; guard++) {
    const event = socialRng.pick(pastEvents);
    const there = [...(byEvent.get(event.id) ?? [])].map((id) => people.find((p) => p.id === id) as PlannedUser);
    const candidates = there.filter((p) => p !== demo && p !== demoPro);
    if (candidates.length < 2) continue;
    const [a, b] = socialRng.sample(candidates, 2) as [PlannedUser, PlannedUser];
    if (connect(a, b, event, duringEvent(socialRng, event))) made++;
  }

  // Pending likes at the flagships: swiping right on these members connects at once.
  const pendingFor = (target: PlannedUser, event: PlannedEvent, count: number) => {
    const there = attendees.filter((p) => byEvent.get(event.id)?.has(p.id) && !connected.has(pairKey(p.id, target.id)));
    for (const fan of socialRng.sample(there, count))
      interact(fan, target, event, 'POSITIVE', Math.min(nowMs - HOUR, event.start) - socialRng.int(1, 48) * HOUR);
  };
  pendingFor(demo, summit, 8);
  pendingFor(demo, festival, 5);
  pendingFor(demoPro, summit, 4);
  // Some swiping between other members at the summit, never completing a pair.
  const summitOthers = attendees.filter((p) => byEvent.get(summit.id)?.has(p.id));
  for (let k = 0; k < 30; k++) {
    const [from, to] = socialRng.sample(summitOthers, 2) as [PlannedUser, PlannedUser];
    const type = socialRng.chance(0.6) ? 'POSITIVE' : 'NEGATIVE';
    const reverse = interacted.get(`${to.id}>${from.id}@${summit.id}`);
    if (connected.has(pairKey(from.id, to.id)) || (type === 'POSITIVE' && reverse === 'POSITIVE')) continue;
    interact(from, to, summit, type, nowMs - socialRng.int(1, 20) * HOUR);
  }

  // "Your connection is attending": recent registrations of the demo member's connections.
  const demoFriends = people.filter((p) => connected.has(pairKey(demo.id, p.id)));
  const upcomingForFriends = openUpcoming.filter((e) => e.start > nowMs);
  for (const friend of demoFriends.slice(0, 5)) {
    const options = upcomingForFriends.filter((e) => !byEvent.get(e.id)?.has(friend.id));
    const event = socialRng.pick(options);
    const at = nowMs - socialRng.int(2, 6 * 24) * HOUR;
    register(socialRng, friend, event, undefined, at);
    feedActivities.push({
      id: seedUuid(`feed:attending:${demo.id}:${friend.id}:${event.id}`),
      owner_user_id: demo.id,
      subject_user_id: friend.id,
      type: 'connection-attending-event',
      event_id: event.id,
      created_at: new Date(at),
    });
  }

  return { connections, interactions, feedActivities };
}
