import type { Insertable } from 'kysely';
import type { Database, EventSourceType } from '../schema';
import {
  DEMO_EMAIL,
  DEMO_FLAGSHIP_EVENT_IDS,
  DEMO_PRO_EMAIL,
  SANITIZER_PROBE_EVENT_IDS,
} from './constants';
import { CATEGORIES, EVENT_TYPES, ORGANIZERS, type CategoryLabel, type EventTypeLabel } from './data/catalogue';
import { AGENDAS, MATERIAL } from './data/event-templates';
import { ATTENDEES_PER_COUNTRY, GENERIC_GOALS, NAME_POOLS, TRACKS, type Track } from './data/people';
import { COUNTRIES, EVENT_COUNTRY_WEIGHTS, VENUES, type SeedCountry } from './data/places';
import { seedUuid } from './ids';
import { AVATAR_COUNT, EVENT_COVER_COUNT, asciiFold, avatarUrl, eventCoverUrl, organizerLogoUrl, slugify } from './media';
import { newJoinSecret } from '../../services/event-membership';
import { createRandom, type Random } from './random';

/**
 * Builds the whole demo data set in memory, without touching the database: the same `now` gives
 * the same rows (a seeded PRNG, ids from seedUuid), except the join secrets, which are credentials
 * and come from the CSPRNG at every build. Dates are relative to `now`, so there are
 * always past, current and upcoming events.
 */

type Row<T extends keyof Database> = Insertable<Database[T]>;

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

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
/** docs/product.md section 9: an event stays current for 6 hours after its end. */
const CURRENT_AFTER_END = 6 * HOUR;

const GENERATED_EVENTS = 228;
const PAST_EVENTS = 70;
const CURRENT_EVENTS = 8;

/** Rough UTC offsets (standard time), so an 18:00 meetup is at 18:00 where it happens. */
const UTC_OFFSET_HOURS: Readonly<Record<string, number>> = {
  IS: 0, GB: 0, FI: 2, US: -5, CA: -5,
};
const CITY_UTC_OFFSET: Readonly<Record<string, number>> = {
  'San Francisco': -8, Seattle: -8, Vancouver: -8, Calgary: -7, Austin: -6,
};
const offsetFor = (country: string, city: string | null) =>
  (city ? CITY_UTC_OFFSET[city] : undefined) ?? UTC_OFFSET_HOURS[country] ?? 1;

function fill(template: string, vars: Readonly<Record<string, string>>): string {
  return template.replace(/\{(\w+)\}/g, (whole, key: string) => vars[key] ?? whole);
}

function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

const pad2 = (n: number) => String(n).padStart(2, '0');

interface PlannedLocation {
  id: string;
  name: string;
  country: SeedCountry;
}

interface PlannedEvent {
  id: string;
  name: string;
  category: CategoryLabel;
  categories: CategoryLabel[];
  types: EventTypeLabel[];
  start: number;
  end: number;
  hasEnd: boolean;
  place: PlannedLocation | 'online' | 'none';
  venue: string | null;
  localStart: string;
  organizer: number | null;
  isProOnly: boolean;
  source: EventSourceType;
  /** Extra markup appended to the description (sanitizer probes only). */
  unsafeExtra?: string;
  imageUrl: string | null;
}

interface PlannedUser {
  id: string;
  email: string;
  firstName: string;
  lastName: string;
  track: Track;
  createdAt: number;
  isPro: boolean;
}

export function buildDemoData(now: Date): DemoData {
  const nowMs = now.getTime();
  const dayStart = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  const root = createRandom('mingle-demo-v1');

  // ---- Catalogue --------------------------------------------------------------------------
  const categoryIds = new Map<CategoryLabel, string>(CATEGORIES.map((label) => [label, seedUuid(`category:${label}`)]));
  const typeIds = new Map<EventTypeLabel, string>(EVENT_TYPES.map((label) => [label, seedUuid(`event-type:${label}`)]));
  const categories = CATEGORIES.map((label) => ({ id: categoryIds.get(label) as string, label }));
  const eventTypes = EVENT_TYPES.map((label) => ({ id: typeIds.get(label) as string, label }));

  const organizerSlugs = ORGANIZERS.map((o) => slugify(o.name));
  const organizers: Row<'organizers'>[] = ORGANIZERS.map((o, i) => ({
    id: seedUuid(`organizer:${o.name}`),
    name: o.name,
    description: o.description,
    external_url: `https://${organizerSlugs[i]}.example`,
    image_url: organizerLogoUrl(organizerSlugs[i] as string),
    created_at: new Date(nowMs - 400 * DAY),
  }));

  const locationRows: Row<'locations'>[] = [];
  const citiesByCountry = new Map<string, PlannedLocation[]>();
  const cityByName = new Map<string, PlannedLocation>();
  for (const country of COUNTRIES) {
    const list: PlannedLocation[] = [];
    for (const [name, region] of country.cities) {
      const id = seedUuid(`location:${country.code}:${name}`);
      locationRows.push({
        id,
        name,
        country: country.code,
        region,
        is_custom: false,
        created_at: new Date(nowMs - 400 * DAY),
        updated_at: new Date(nowMs - 400 * DAY),
      });
      const planned = { id, name, country };
      list.push(planned);
      cityByName.set(name, planned);
    }
    citiesByCountry.set(country.code, list);
  }
  const city = (name: string): PlannedLocation => {
    const found = cityByName.get(name);
    if (!found) throw new Error(`Unknown demo city ${name}`);
    return found;
  };
  /** The first city of a country (its capital or largest) is the likeliest. */
  const pickCity = (rng: Random, countryCode: string): PlannedLocation => {
    const list = citiesByCountry.get(countryCode) ?? [];
    return rng.weighted(list.map((c, i) => [c, i === 0 ? 3 : 1] as const));
  };

  // ---- Events ------------------------------------------------------------------------------
  const eventRng = root.fork('events');
  const usedNames = new Set<string>();
  const planned: PlannedEvent[] = [];
  const yearOf = (ms: number) => String(new Date(ms).getUTCFullYear());
  const coverFor = (rng: Random) => eventCoverUrl(rng.int(1, EVENT_COVER_COUNT));
  const orgIndex = (name: string) => ORGANIZERS.findIndex((o) => o.name === name);

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

  const special = (e: Omit<PlannedEvent, 'venue' | 'localStart' | 'hasEnd' | 'imageUrl'> & { venue?: string }) => {
    usedNames.add(e.name);
    const venue = e.venue ?? (typeof e.place === 'object' ? fill(eventRng.pick(VENUES), { city: e.place.name }) : null);
    const date = new Date(e.start + (typeof e.place === 'object' ? offsetFor(e.place.country.code, e.place.name) : 1) * HOUR);
    planned.push({
      ...e,
      venue,
      hasEnd: true,
      localStart: `${pad2(date.getUTCHours())}:${pad2(date.getUTCMinutes())}`,
      imageUrl: coverFor(eventRng),
    });
  };

  // Flagships: the summit is under way (day 2 of 3), the festival and the forum are coming up.
  const stockholm = city('Stockholm');
  special({
    id: DEMO_FLAGSHIP_EVENT_IDS.summit,
    name: `Nordic Tech Summit ${yearOf(nowMs)}`,
    category: 'AI & Machine Learning',
    categories: ['AI & Machine Learning', 'Software Engineering', 'Startups'],
    types: ['Conference', 'Networking'],
    start: localTime(-1, 8, 30, stockholm),
    end: localTime(1, 17, 30, stockholm),
    place: stockholm,
    venue: 'Stockholm Waterfront Congress Centre',
    organizer: orgIndex('Nordic Tech Summit'),
    isProOnly: false,
    source: 'PARTNER',
  });
  const oslo = city('Oslo');
  special({
    id: DEMO_FLAGSHIP_EVENT_IDS.festival,
    name: `Nordic Startup Festival ${yearOf(localTime(9, 10, 0, oslo))}`,
    category: 'Startups',
    categories: ['Startups', 'Venture Capital', 'Leadership'],
    types: ['Festival', 'Networking'],
    start: localTime(9, 10, 0, oslo),
    end: localTime(12, 22, 0, oslo),
    place: oslo,
    venue: 'Oslo Harbour Promenade and Startup Campus',
    organizer: orgIndex('Fjord Founders Network'),
    isProOnly: false,
    source: 'PARTNER',
  });
  const copenhagen = city('Copenhagen');
  special({
    id: DEMO_FLAGSHIP_EVENT_IDS.forum,
    name: 'Copenhagen Product & Design Forum',
    category: 'Product Management',
    categories: ['Product Management', 'Design', 'Future of Work'],
    types: ['Conference', 'Workshop'],
    start: localTime(24, 9, 0, copenhagen),
    end: localTime(25, 17, 0, copenhagen),
    place: copenhagen,
    organizer: orgIndex('Alpine Design Collective'),
    isProOnly: false,
    source: 'PARTNER',
  });

  // More festivals: discovery sorts names containing FEATURED_KEYWORD ('Festival') first (docs/product.md section 9).
  const festivals: [string, string, CategoryLabel[], number, number, string, boolean][] = [
    ['Stockholm Design Festival', 'Stockholm', ['Design', 'Product Management'], -58, 3, 'Alpine Design Collective', false],
    ['Helsinki Growth Festival', 'Helsinki', ['Marketing', 'Startups'], -1, 4, 'Atlantic Growth Marketing', false],
    ['Zurich Creative Festival', 'Zurich', ['Design', 'Future of Work'], 45, 3, 'Alpine Design Collective', true],
    [`Berlin Data Festival`, 'Berlin', ['Data & Analytics', 'AI & Machine Learning'], 63, 3, 'Open Data Guild', false],
    ['Reykjavík Innovation Festival', 'Reykjavík', ['Startups', 'Sustainability'], 118, 3, 'Polar Hackers', false],
    ['Toronto Tech Festival', 'Toronto', ['Software Engineering', 'Venture Capital'], 201, 4, 'Maple & Main Ventures', false],
  ];
  for (const [name, cityName, cats, dayOffset, days, organizer, isProOnly] of festivals) {
    const place = city(cityName);
    const start = localTime(dayOffset, 10, 0, place);
    special({
      id: seedUuid(`event:festival:${name}`),
      name: dayOffset > 30 ? `${name} ${yearOf(start)}` : name,
      category: cats[0] as CategoryLabel,
      categories: cats,
      types: ['Festival'],
      start,
      end: localTime(dayOffset + days - 1, 22, 0, place),
      place,
      organizer: orgIndex(organizer),
      isProOnly,
      source: isProOnly ? 'PRO' : 'PARTNER',
    });
  }

  // Sanitizer probes: harmless markup the client must strip (see constants.ts). Never copy this
  // pattern for real content.
  const probes: [string, string, string, CategoryLabel, EventTypeLabel, number, string][] = [
    [
      SANITIZER_PROBE_EVENT_IDS.script,
      'Secure Coding Evening Gothenburg',
      'Gothenburg',
      'Cybersecurity',
      'Meetup',
      5,
      '<p>Bring your laptop.</p><script>window.__seedScriptRan = true;</script>',
    ],
    [
      SANITIZER_PROBE_EVENT_IDS.onerror,
      'Frontend Craft Meetup Amsterdam',
      'Amsterdam',
      'Software Engineering',
      'Meetup',
      6,
      '<p>Last edition in pictures:</p><img src="/media/does-not-exist.svg" onerror="window.__seedOnerrorRan = true">',
    ],
    [
      SANITIZER_PROBE_EVENT_IDS.onclick,
      'Inclusive Design Workshop Vienna',
      'Vienna',
      'Design',
      'Workshop',
      8,
      '<p onclick="window.__seedOnclickRan = true" data-tracking="hero">Seats are limited, <a href="https://alpine-design-collective.example/tickets" onclick="window.__seedOnclickRan = true" data-tracking="cta">book early</a>.</p>',
    ],
  ];
  for (const [id, name, cityName, category, type, dayOffset, extra] of probes) {
    const place = city(cityName);
    const start = localTime(dayOffset, type === 'Workshop' ? 9 : 18, 0, place);
    special({
      id,
      name,
      category,
      categories: [category, ...MATERIAL[category].related.slice(0, 1)],
      types: [type],
      start,
      end: start + (type === 'Workshop' ? 7 : 3) * HOUR,
      place,
      organizer: ORGANIZERS.findIndex((o) => o.focus.includes(category)),
      isProOnly: false,
      source: 'PARTNER',
      unsafeExtra: extra,
    });
  }

  // Generated events: past, current (under way or ended less than 6 hours ago) and upcoming.
  const countryWeights = COUNTRIES.map((c) => [c.code, EVENT_COUNTRY_WEIGHTS[c.code] ?? 1] as const);
  for (let i = 0; i < GENERATED_EVENTS; i++) {
    const rng = eventRng.fork(`event:${i}`);
    const when: 'past' | 'current' | 'future' = i < PAST_EVENTS ? 'past' : i < PAST_EVENTS + CURRENT_EVENTS ? 'current' : 'future';
    const category = CATEGORIES[i % CATEGORIES.length] as CategoryLabel;
    const material = MATERIAL[category];

    // A unique name: another pattern or city until it is new.
    let name = '';
    let pattern = rng.pick(material.patterns);
    let place: PlannedEvent['place'] = 'none';
    for (let attempt = 0; attempt < 40 && !name; attempt++) {
      pattern = rng.pick(material.patterns);
      // Current events: a few short ones under way, and multi-day ones that started yesterday.
      const longRunning = ['Conference', 'Hackathon', 'Trade Fair'].includes(pattern.types[0] as string);
      if (when === 'current' && (pattern.types[0] === 'Webinar' || (i - PAST_EVENTS >= 6 && !longRunning))) continue;
      place = pattern.types[0] === 'Webinar' ? 'online' : pickCity(rng, rng.weighted(countryWeights));
      const candidate = fill(pattern.name, {
        city: typeof place === 'object' ? place.name : '',
        country: typeof place === 'object' ? place.country.name : '',
        year: '{year}',
      });
      if (!candidate.includes('{year}') && usedNames.has(candidate)) continue;
      name = candidate;
    }
    if (!name) throw new Error('Could not find a unique demo event name');
    const types = [...pattern.types];
    const mainType = types[0] as EventTypeLabel;

    // Duration and local start time by event type.
    const [hour, minute, durationMin, typicalDays] = ((): [number, number, number, number] => {
      switch (mainType) {
        case 'Meetup':
          return [rng.pick([17, 18]), rng.pick([0, 30]), rng.int(5, 7) * 30, 1];
        case 'Networking':
          return rng.chance(0.4) ? [7, 30, 120, 1] : [18, 0, rng.int(4, 6) * 30, 1];
        case 'Workshop':
          return rng.chance(0.5) ? [9, 0, rng.int(6, 14) * 30, 1] : [13, 0, 240, 1];
        case 'Conference':
          return [rng.pick([8, 9]), rng.pick([0, 30]), 8 * 60, rng.chance(0.35) ? 2 : 1];
        case 'Hackathon':
          return [9, 0, 7 * 60, 2];
        case 'Webinar':
          return [rng.pick([10, 14, 16]), 0, 60, 1];
        case 'Trade Fair':
          return [9, 0, 9 * 60, rng.int(2, 3)];
        case 'Festival':
          return [10, 0, 12 * 60, rng.int(3, 4)];
      }
    })();
    const slot = i - PAST_EVENTS;
    const days = when !== 'current' ? typicalDays : slot < 6 ? 1 : 3;
    const span = (days - 1) * DAY + durationMin * MINUTE;

    let start: number;
    if (when === 'past') {
      // Spread over the last six months, ending well before the 6-hour grace period.
      let dayOffset = settleDay(-(days + 1 + Math.floor(178 * rng.next() ** 1.3)), mainType, -1);
      start = localTime(dayOffset, hour, minute, place);
      while (start + span + CURRENT_AFTER_END >= nowMs) start = localTime(--dayOffset, hour, minute, place);
    } else if (when === 'current') {
      if (slot < 4) {
        // Started within the last few hours.
        start = Math.floor((nowMs - rng.int(1, 12) * 15 * MINUTE) / (15 * MINUTE)) * 15 * MINUTE;
      } else if (slot < 6) {
        // Ended a little while ago: still current for 6 hours after its end.
        const end = Math.floor((nowMs - rng.int(1, 4) * HOUR) / (15 * MINUTE)) * 15 * MINUTE;
        start = end - span;
      } else {
        // A three-day event that started yesterday and ends tomorrow.
        start = localTime(-1, hour, minute, place);
      }
    } else {
      // From tomorrow to about nine months ahead, busier in the coming weeks.
      const dayOffset = settleDay(1 + Math.floor(269 * rng.next() ** 1.6), mainType, 1);
      start = localTime(dayOffset, hour, minute, place);
    }
    const end = start + span;

    if (name.includes('{year}')) {
      // A yearly event already named this year: name the city, else the month of this edition.
      const vars = { year: yearOf(start), city: typeof place === 'object' ? place.name : '' };
      const plain = fill(name, vars);
      const withCity = fill(pattern.name.includes('{country}') ? pattern.name.replace('{country}', '{city}') : pattern.name.replace(' {year}', ' {city} {year}'), vars);
      const month = new Date(start).toLocaleString('en-GB', { month: 'long', timeZone: 'UTC' });
      const options = [plain, withCity, `${withCity} (${month} edition)`];
      name = options.find((option) => !usedNames.has(option)) ?? `${withCity} (${usedNames.size})`;
    }
    usedNames.add(name);

    const extra = rng.sample(material.related, rng.int(0, 2));
    const isProOnly = when !== 'current' && rng.chance(0.15);
    const focused = ORGANIZERS.map((o, index) => [o, index] as const).filter(([o]) => o.focus.includes(category));
    const scraped = !isProOnly && rng.chance(0.55);
    const organizer = scraped && rng.chance(0.15) ? null : rng.pick(focused)[1];
    const source: EventSourceType = isProOnly ? 'PRO' : scraped ? 'SCRAPED' : 'PARTNER';
    const venue = typeof place === 'object' ? fill(rng.pick(VENUES), { city: place.name }) : null;
    const localDate = new Date(start + (typeof place === 'object' ? offsetFor(place.country.code, place.name) : 1) * HOUR);

    // A couple of in-person events with no location at all, to exercise the fallbacks.
    const noLocation = when === 'future' && i % 97 === 13;
    planned.push({
      id: seedUuid(`event:${i}`),
      name,
      category,
      categories: [category, ...extra],
      types: types.length === 1 && mainType !== 'Networking' && rng.chance(0.3) ? [...types, 'Networking'] : types,
      start,
      end,
      hasEnd: days > 1 || when === 'current' || rng.chance(0.9),
      place: noLocation ? 'none' : place,
      venue: noLocation ? null : venue,
      localStart: `${pad2(localDate.getUTCHours())}:${pad2(localDate.getUTCMinutes())}`,
      organizer,
      isProOnly,
      source,
      imageUrl: rng.chance(0.95) ? coverFor(rng) : null,
    });
  }

  const events: Row<'events'>[] = [];
  const eventCategories: Row<'event_categories'>[] = [];
  const eventEventTypes: Row<'event_event_types'>[] = [];
  for (const e of planned) {
    const rng = eventRng.fork(`text:${e.id}`);
    const material = MATERIAL[e.category];
    const mainType = e.types[0] as EventTypeLabel;
    const organizerSlug = e.organizer === null ? null : organizerSlugs[e.organizer];
    const eventUrl = organizerSlug
      ? `https://${organizerSlug}.example/events/${slugify(e.name)}`
      : `https://events-calendar.example/${slugify(e.name)}`;
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
      agendaTemplates && (rng.chance(0.5) || e.organizer !== null && e.source === 'PARTNER' && rng.chance(0.5))
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
  /** "Has not ended yet, 6-hour grace included" is the rule of contract/event-currency.ts. */
  const isUpcoming = (e: PlannedEvent) => (e.hasEnd ? e.end : e.start) + CURRENT_AFTER_END >= nowMs;
  const isPast = (e: PlannedEvent) => !isUpcoming(e);

  // ---- Users -------------------------------------------------------------------------------
  const userRng = root.fork('users');
  const users: Row<'users'>[] = [];
  const people: PlannedUser[] = [];
  const usedEmails = new Set<string>();
  const domains = ['example.com', 'example.org', 'example.net'];
  const trackOrder = userRng.shuffle(TRACKS);
  let trackCursor = 0;

  const phoneFor = (rng: Random, country: SeedCountry) => {
    if (country.phoneDigits === 0) {
      // North American numbers in the 555-0100..0199 range, which is reserved for fiction.
      const area = country.code === 'US' ? rng.pick(['212', '415', '512', '617', '206']) : rng.pick(['416', '604', '514', '403']);
      return `+1${area}55501${pad2(rng.int(0, 99))}`;
    }
    let digits = '';
    for (let d = 0; d < country.phoneDigits; d++) digits += String(rng.int(0, 9));
    return `${country.phonePrefix}${digits}`;
  };

  const addUser = (
    rng: Random,
    u: {
      firstName: string;
      lastName: string;
      email: string;
      home: PlannedLocation;
      track: Track;
      role: string;
      story: string;
      imageUrl: string | null;
      createdAt: number;
      isPro?: boolean;
    },
  ) => {
    const id = seedUuid(`user:${u.email}`);
    const slug = `${slugify(u.firstName)}-${slugify(u.lastName)}-${Buffer.from(rng.bytes(2)).toString('hex')}`;
    users.push({
      id,
      email: u.email,
      first_name: u.firstName,
      last_name: u.lastName,
      image_url: u.imageUrl,
      role: u.role,
      story: u.story,
      location: `${u.home.name}, ${u.home.country.name}`,
      location_id: u.home.id,
      linkedin_url: `https://www.linkedin.com/in/${slug}`,
      phone: phoneFor(rng, u.home.country),
      share_secret: null,
      created_at: new Date(u.createdAt),
      updated_at: new Date(u.createdAt),
    });
    const person = { id, email: u.email, firstName: u.firstName, lastName: u.lastName, track: u.track, createdAt: u.createdAt, isPro: Boolean(u.isPro) };
    people.push(person);
    return person;
  };

  const productTrack = TRACKS.find((t) => t.category === 'Product Management') as Track;
  const demo = addUser(userRng.fork('demo'), {
    firstName: 'Demo',
    lastName: 'User',
    email: DEMO_EMAIL,
    home: stockholm,
    track: productTrack,
    role: 'Product Lead at Northwind Labs',
    story:
      'I lead product for a small software team in Stockholm and I use this account to explore the app: finding events, setting a goal and meeting other attendees. I am curious about offline-first apps, good onboarding and the people who build them. Say hello if we are at the same event.',
    imageUrl: avatarUrl(1),
    createdAt: nowMs - 120 * DAY,
  });
  const demoPro = addUser(userRng.fork('demo-pro'), {
    firstName: 'Demo',
    lastName: 'Pro',
    email: DEMO_PRO_EMAIL,
    home: city('Gothenburg'),
    track: TRACKS.find((t) => t.category === 'Venture Capital') as Track,
    role: 'Angel Investor and Startup Advisor',
    story:
      'I am the demo account with a PRO subscription. In my working life I advise early-stage founders on fundraising and go-to-market, and I invest small tickets in Nordic software companies. I go to a lot of events and I am happy to give honest feedback on a pitch.',
    imageUrl: avatarUrl(2),
    createdAt: nowMs - 300 * DAY,
    isPro: true,
  });

  for (const country of COUNTRIES) {
    const count = ATTENDEES_PER_COUNTRY[country.code] ?? 0;
    const pool = NAME_POOLS[country.code];
    if (!pool) continue;
    const rng = userRng.fork(`country:${country.code}`);
    const females = rng.shuffle(pool.female);
    const males = rng.shuffle(pool.male);
    const lasts = rng.shuffle(pool.last);
    const lastF = rng.shuffle(pool.lastFemale ?? []);
    const lastM = rng.shuffle(pool.lastMale ?? []);
    const taken = { female: 0, male: 0 };
    for (let n = 0; n < count; n++) {
      // Roughly balanced, without two members of one country sharing a first name.
      const female = taken.female < taken.male || (taken.female === taken.male && rng.chance(0.5));
      const k = female ? taken.female++ : taken.male++;
      const firstList = female ? females : males;
      const firstName = firstList[k % firstList.length] as string;
      const lastName = (pool.lastFemale ? (female ? lastF : lastM)[k] : lasts[n % lasts.length]) as string;
      const local = `${asciiFold(firstName)}.${asciiFold(lastName)}`.toLowerCase().replace(/[^a-z.]/g, '');
      let email = `${local}@${rng.pick(domains)}`;
      for (let k = 2; usedEmails.has(email); k++) email = `${local}${k}@${rng.pick(domains)}`;
      usedEmails.add(email);

      const track = trackOrder[trackCursor++ % trackOrder.length] as Track;
      const home = pickCity(rng, country.code);
      const company = rng.pick(track.companies);
      const vars = { company, city: home.name, years: String(rng.int(3, 18)) };
      const opener = rng.pick(track.openers);
      // Name the company once at most.
      const middles = opener.includes('{company}') ? track.middles.filter((m) => !m.includes('{company}')) : track.middles;
      const storyParts = [opener, rng.pick(middles)];
      if (rng.chance(0.85)) storyParts.push(rng.pick(track.closers));
      const title = rng.pick(track.titles);
      addUser(rng, {
        firstName,
        lastName,
        email,
        home,
        track,
        role: title.startsWith('Angel') || title.includes('Coach') || title.includes('Consultant') ? `${title}, independent` : `${title} at ${company}`,
        story: fill(storyParts.join(' '), vars),
        imageUrl: rng.chance(0.92) ? avatarUrl(rng.int(3, AVATAR_COUNT)) : null,
        createdAt: nowMs - rng.int(14, 420) * DAY,
      });
    }
  }
  const attendees = people.filter((p) => p !== demo && p !== demoPro);

  // A few members pay for PRO (one has cancelled but keeps access until the period ends).
  const proMembers = userRng.sample(attendees, 3);
  for (const p of proMembers) p.isPro = true;
  const subscriptions: Row<'subscriptions'>[] = [demoPro, ...proMembers].map((p, i) => {
    const periodEnd = new Date(nowMs + (8 + i * 6) * DAY);
    return {
      user_id: p.id,
      status: 'PRO',
      plan_name: 'PRO',
      stripe_customer_id: null,
      stripe_subscription_id: null,
      current_period_end: periodEnd,
      ends_at: i === 3 ? periodEnd : null,
      updated_at: new Date(nowMs - (20 + i) * DAY),
    };
  });

  const consents: Row<'consents'>[] = people.flatMap((p) =>
    (['terms', 'privacy', 'product_updates', 'event_marketing'] as const).map((type) => ({
      id: seedUuid(`consent:${p.email}:${type}`),
      user_id: p.id,
      type,
      ai_enabled: null,
      created_at: new Date(p.createdAt + 5 * MINUTE),
      revoked_at: null,
    })),
  );

  // ---- Registrations -----------------------------------------------------------------------
  const regRng = root.fork('registrations');
  const registrations = new Map<string, Row<'event_attendees'>>();
  const byEvent = new Map<string, Set<string>>();
  const eventById = new Map(planned.map((e) => [e.id, e]));
  const register = (rng: Random, person: PlannedUser, event: PlannedEvent, goal?: string | null, joinedAt?: number) => {
    const key = `${event.id}:${person.id}`;
    if (registrations.has(key)) return;
    const latest = Math.min(nowMs, event.start) - HOUR;
    const joined = joinedAt ?? Math.max(person.createdAt + HOUR, latest - rng.int(1, 40) * DAY);
    const chosenGoal =
      goal !== undefined ? goal : rng.chance(0.8) ? (rng.chance(0.7) ? rng.pick(person.track.goals) : rng.pick(GENERIC_GOALS)) : null;
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

  // ---- Connections, interactions and feed ---------------------------------------------------
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
    for (const [owner, subject] of [[a, b], [b, a]] as const) {
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
    for (const fan of socialRng.sample(there, count)) interact(fan, target, event, 'POSITIVE', Math.min(nowMs - HOUR, event.start) - socialRng.int(1, 48) * HOUR);
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
    locations: locationRows,
    organizers,
    categories,
    eventTypes,
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
