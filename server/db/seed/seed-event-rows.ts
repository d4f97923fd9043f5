import { AGENDAS, MATERIAL } from './data/event-templates';
import { timeZoneFor } from './data/time-zones';
import type { EventTypeLabel } from './data/catalogue';
import { slugify } from './media';
import { newJoinSecret } from '../../services/events/membership';
import type { Catalogue } from './seed-catalogue';
import type { EventPlanner } from './seed-event-planner';
import { DAY, escapeHtml, fill, type Row } from './seed-plan';

export interface EventRows {
  events: Row<'events'>[];
  eventCategories: Row<'event_categories'>[];
  eventEventTypes: Row<'event_event_types'>[];
}

/** The planned events as rows: descriptions and agendas written from the templates, categories and types. */
export function buildEventRows({ rng: eventRng, planned, clock }: EventPlanner, { organizerSlugs, organizers, categoryIds, typeIds }: Catalogue): EventRows {
  const { nowMs } = clock;
  const events: Row<'events'>[] = [];
  const eventCategories: Row<'event_categories'>[] = [];
  const eventEventTypes: Row<'event_event_types'>[] = [];
  for (const e of planned) {
    const rng = eventRng.fork(`text:${e.id}`);
    const material = MATERIAL[e.category];
    const mainType = e.types[0] as EventTypeLabel;
    const organizerSlug = e.organizer === null ? null : organizerSlugs[e.organizer];
    const eventUrl = organizerSlug ? `https://${organizerSlug}.example/events/${slugify(e.name)}` : `https://events-calendar.example/${slugify(e.name)}`;
    const placeName = typeof e.place === 'object' ? e.place.name : mainType === 'Webinar' ? 'your living room' : 'the region';
    const topics = rng.sample(material.topics, 3);
    const practical: Partial<Record<EventTypeLabel, string>> = {
      Meetup: 'Free entry, registration required.',
      Networking: 'Places are limited to keep the conversations personal.',
      Workshop: 'Bring a laptop. Materials are provided.',
      Conference: 'Tickets include lunch, coffee and the evening reception.',
      Hackathon: 'Food and drinks are provided all weekend.',
      Webinar: 'The session is recorded and shared with everyone who registers.',
      Festival: 'One pass gives access to every stage and side event.',
      'Trade Fair': 'Trade visitors enter free with online registration.',
    };
    const parts = [
      `<p>${fill(rng.pick(material.intros), { name: escapeHtml(e.name), place: escapeHtml(placeName) })}</p>`,
      '<p><strong>What to expect</strong></p>',
      `<ul>${rng
        .sample(material.bullets, 3)
        .map((b) => `<li>${escapeHtml(b)}</li>`)
        .join('')}</ul>`,
      `<p>${escapeHtml(rng.pick(material.audience))} <em>${escapeHtml(practical[mainType] ?? '')}</em></p>`,
    ];
    if (e.venue) parts.push(`<p>Venue: ${escapeHtml(e.venue)}<br>Starts at ${e.localStart} local time</p>`);
    parts.push(`<p>Read more and register on the <a href="${eventUrl}" target="_blank" rel="noopener">event page</a>.</p>`);
    if (e.unsafeExtra) parts.push(e.unsafeExtra);

    const agendaTemplates = AGENDAS[mainType];
    const agenda =
      agendaTemplates && (rng.chance(0.5) || (e.organizer !== null && e.source === 'PARTNER' && rng.chance(0.5)))
        ? fill(rng.pick(agendaTemplates), { topic1: topics[0] ?? '', topic2: topics[1] ?? '', topic3: topics[2] ?? '' })
        : null;

    const createdAt = Math.min(nowMs - rng.int(1, 20) * DAY, e.start - rng.int(14, 90) * DAY);
    events.push({
      id: e.id,
      name: e.name,
      description: parts.join(''),
      agenda,
      image_url: e.imageUrl,
      date_time: new Date(e.start),
      end_date_time: e.hasEnd ? new Date(e.end) : null,
      event_url: eventUrl,
      location: e.place === 'online' ? 'Online' : e.venue,
      location_id: typeof e.place === 'object' ? e.place.id : null,
      // From the place; an online event, or one without a place, has none (shown in UTC).
      time_zone: typeof e.place === 'object' ? timeZoneFor(e.place.country.code, e.place.name) : null,
      organizer_id: e.organizer === null ? null : (organizers[e.organizer]?.id ?? null),
      source_type: e.source,
      is_pro_only: e.isProOnly,
      ai_generated_blurb: e.isProOnly ? rng.pick(material.blurbs) : null,
      // From the CSPRNG, not the seeded generator: the seed is public, so its secrets would be too.
      join_secret: newJoinSecret(),
      created_by_user_id: null,
      created_at: new Date(createdAt),
      updated_at: new Date(createdAt),
    });
    for (const label of new Set(e.categories)) eventCategories.push({ event_id: e.id, category_id: categoryIds.get(label) as string });
    for (const label of new Set(e.types)) eventEventTypes.push({ event_id: e.id, event_type_id: typeIds.get(label) as string });
  }
  return { events, eventCategories, eventEventTypes };
}
