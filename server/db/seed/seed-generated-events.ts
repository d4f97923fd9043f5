import type { EventSourceType } from '../tables/events';
import { CATEGORIES, ORGANIZERS, type CategoryLabel, type EventTypeLabel } from './data/catalogue';
import { MATERIAL } from './data/event-templates';
import { COUNTRIES, EVENT_COUNTRY_WEIGHTS, VENUES } from './data/places';
import { seedUuid } from './ids';
import type { Catalogue } from './seed-catalogue';
import type { EventPlanner } from './seed-event-planner';
import { CURRENT_AFTER_END, DAY, fill, HOUR, MINUTE, offsetFor, pad2, type PlannedEvent } from './seed-plan';

const GENERATED_EVENTS = 228;
const PAST_EVENTS = 70;
const CURRENT_EVENTS = 8;

/** The demo's other events, made up from the templates: past, current and upcoming. */
export function planGeneratedEvents(planner: EventPlanner, { pickCity }: Catalogue): void {
  const { rng: eventRng, usedNames, planned, localTime, settleDay, coverFor, yearOf } = planner;
  const { nowMs } = planner.clock;
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
      const withCity = fill(
        pattern.name.includes('{country}') ? pattern.name.replace('{country}', '{city}') : pattern.name.replace(' {year}', ' {city} {year}'),
        vars,
      );
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
}
