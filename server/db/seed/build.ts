import { buildCatalogue } from './seed-catalogue';
import { eventPlanner } from './seed-event-planner';
import { buildEventRows } from './seed-event-rows';
import { planGeneratedEvents } from './seed-generated-events';
import { buildMembers } from './seed-members';
import { buildNetwork } from './seed-network';
import { DAY, MINUTE, type Row } from './seed-plan';
import { buildRegistrations } from './seed-registrations';
import { planSpecialEvents, planWeekEvents } from './seed-special-events';
import { createRandom } from './random';

/**
 * Builds the whole demo data set in memory, without touching the database: the same `now` gives
 * the same rows (a seeded PRNG, ids from seedUuid), except the join secrets, which are credentials
 * and come from the CSPRNG at every build. Dates are relative to `now`, so there are
 * always past, current and upcoming events. One builder per part, each with its own generator
 * (a fork of one root), so that adding data to one part does not shift another.
 */

export interface DemoData {
  locations: Row<'locations'>[];
  organizers: Row<'organizers'>[];
  categories: Row<'categories'>[];
  eventTypes: Row<'event_types'>[];
  users: Row<'users'>[];
  consents: Row<'consents'>[];
  subscriptions: Row<'subscriptions'>[];
  events: Row<'events'>[];
  eventCategories: Row<'event_categories'>[];
  eventEventTypes: Row<'event_event_types'>[];
  attendees: Row<'event_attendees'>[];
  interactions: Row<'interactions'>[];
  connections: Row<'connections'>[];
  feedActivities: Row<'feed_activities'>[];
}

export function buildDemoData(now: Date): DemoData {
  const nowMs = now.getTime();
  const dayStart = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  const root = createRandom('mingle-demo-v1');

  const catalogue = buildCatalogue(nowMs);
  const planner = eventPlanner(root, { nowMs, dayStart });
  planSpecialEvents(planner, catalogue);
  planGeneratedEvents(planner, catalogue);
  planWeekEvents(planner, catalogue);
  const { events, eventCategories, eventEventTypes } = buildEventRows(planner, catalogue);
  const members = buildMembers(root, catalogue, nowMs);
  const { users, consents, subscriptions } = members;
  const registry = buildRegistrations(root, planner.planned, members, nowMs);
  const { registrations } = registry;
  const { connections, interactions, feedActivities } = buildNetwork(root, members, registry, nowMs);

  // Nobody joined an event before their account existed: move sign-up dates back where needed.
  const firstJoin = new Map<string, number>();
  for (const r of registrations.values()) {
    const t = new Date(r.joined_at as Date).getTime();
    firstJoin.set(r.user_id, Math.min(t, firstJoin.get(r.user_id) ?? t));
  }
  for (const u of users) {
    const joined = firstJoin.get(u.id as string);
    const created = new Date(u.created_at as Date).getTime();
    if (joined !== undefined && joined - DAY < created) {
      u.created_at = u.updated_at = new Date(joined - 3 * DAY);
      for (const c of consents) if (c.user_id === u.id) c.created_at = new Date(joined - 3 * DAY + 5 * MINUTE);
    }
  }

  return {
    locations: catalogue.locations,
    organizers: catalogue.organizers,
    categories: catalogue.categories,
    eventTypes: catalogue.eventTypes,
    users,
    consents,
    subscriptions,
    events,
    eventCategories,
    eventEventTypes,
    attendees: [...registrations.values()],
    interactions,
    connections,
    feedActivities,
  };
}
