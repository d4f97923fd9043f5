import { CATEGORIES, EVENT_TYPES, ORGANIZERS, type CategoryLabel, type EventTypeLabel } from './data/catalogue';
import { COUNTRIES } from './data/places';
import { seedUuid } from './ids';
import { organizerLogoUrl, slugify } from './media';
import type { Random } from './random';
import { DAY, type PlannedLocation, type Row } from './seed-plan';

/** The demo's fixed catalogue: categories, event types, organizers and the cities events happen in. */
export interface Catalogue {
  categoryIds: Map<CategoryLabel, string>;
  typeIds: Map<EventTypeLabel, string>;
  categories: Row<'categories'>[];
  eventTypes: Row<'event_types'>[];
  organizerSlugs: string[];
  organizers: Row<'organizers'>[];
  locations: Row<'locations'>[];
  /** A city of the catalogue by name; an unknown one is a mistake in the seed. */
  city(name: string): PlannedLocation;
  /** A city of the country, the first (its capital or largest) the likeliest. */
  pickCity(rng: Random, countryCode: string): PlannedLocation;
}

export function buildCatalogue(nowMs: number): Catalogue {
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

  return { categoryIds, typeIds, categories, eventTypes, organizerSlugs, organizers, locations: locationRows, city, pickCity };
}
