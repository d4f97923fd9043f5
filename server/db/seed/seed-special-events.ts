import { DEMO_FLAGSHIP_EVENT_IDS, SANITIZER_PROBE_EVENT_IDS } from './constants';
import { ORGANIZERS, type CategoryLabel, type EventTypeLabel } from './data/catalogue';
import { MATERIAL } from './data/event-templates';
import { VENUES } from './data/places';
import { seedUuid } from './ids';
import type { Catalogue } from './seed-catalogue';
import type { EventPlanner } from './seed-event-planner';
import { fill, HOUR, offsetFor, pad2, type PlannedEvent } from './seed-plan';

/** The demo's named events: the three flagships, more festivals, and the sanitizer's probes. */
export function planSpecialEvents(planner: EventPlanner, { city }: Catalogue): void {
  const { rng: eventRng, usedNames, planned, localTime, coverFor, yearOf } = planner;
  const { nowMs } = planner.clock;
  const orgIndex = (name: string) => ORGANIZERS.findIndex((o) => o.name === name);

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
}

/**
 * The side events of the festival's promoted week (demo.ts: it begins three days before the
 * festival), in Oslo and by the festival's organizer, so the week page's programme has a week in
 * it. Planned after every other event, from a random stream of their own: the rest of the demo data
 * is the same with or without them.
 */
export function planWeekEvents(planner: EventPlanner, { city }: Catalogue): void {
  const { planned, usedNames, localTime, coverFor } = planner;
  const rng = planner.rng.fork('promoted-week');
  const oslo = city('Oslo');
  const organizer = ORGANIZERS.findIndex((o) => o.name === 'Fjord Founders Network');
  const week: [string, CategoryLabel[], EventTypeLabel, number, number, number, string][] = [
    ['Fjord Investor Office Hours', ['Venture Capital', 'Startups'], 'Workshop', 6, 14, 4, 'Oslo Startup Campus'],
    ['Oslo Founders Breakfast', ['Startups', 'Leadership'], 'Networking', 7, 8, 2, 'Grünerløkka Coffee House'],
    ['Nordic Startup Week Pitch Night', ['Startups', 'Venture Capital'], 'Meetup', 8, 18, 3, 'Oslo Harbour Promenade'],
  ];
  for (const [name, categories, type, day, hour, hours, venue] of week) {
    usedNames.add(name);
    const start = localTime(day, hour, 0, oslo);
    const local = new Date(start + offsetFor(oslo.country.code, oslo.name) * HOUR);
    planned.push({
      id: seedUuid(`event:week:${name}`),
      name,
      category: categories[0]!,
      categories,
      types: [type],
      start,
      end: start + hours * HOUR,
      hasEnd: true,
      place: oslo,
      venue,
      localStart: `${pad2(local.getUTCHours())}:${pad2(local.getUTCMinutes())}`,
      organizer,
      isProOnly: false,
      source: 'PARTNER',
      imageUrl: coverFor(rng),
    });
  }
}
