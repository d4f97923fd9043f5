import type { Insertable } from 'kysely';
import type { Database } from '../schema';
import type { EventSourceType } from '../tables/events';
import type { CategoryLabel, EventTypeLabel } from './data/catalogue';
import type { Track } from './data/people';
import type { SeedCountry } from './data/places';

/** What the builders of the demo data share: rows, times, and the events and members they plan. */

export type Row<T extends keyof Database> = Insertable<Database[T]>;

export const MINUTE = 60_000;
export const HOUR = 60 * MINUTE;
export const DAY = 24 * HOUR;
/** docs/product.md section 9: an event stays current for 6 hours after its end. */
export const CURRENT_AFTER_END = 6 * HOUR;

/** The moment the data is built for, and the start of its day in UTC. */
export interface SeedClock {
  nowMs: number;
  dayStart: number;
}

/** Rough UTC offsets (standard time), so an 18:00 meetup is at 18:00 where it happens. */
const UTC_OFFSET_HOURS: Readonly<Record<string, number>> = {
  IS: 0,
  GB: 0,
  FI: 2,
  US: -5,
  CA: -5,
};
const CITY_UTC_OFFSET: Readonly<Record<string, number>> = {
  'San Francisco': -8,
  Seattle: -8,
  Vancouver: -8,
  Calgary: -7,
  Austin: -6,
};
export const offsetFor = (country: string, city: string | null) => (city ? CITY_UTC_OFFSET[city] : undefined) ?? UTC_OFFSET_HOURS[country] ?? 1;

export function fill(template: string, vars: Readonly<Record<string, string>>): string {
  return template.replace(/\{(\w+)\}/g, (whole, key: string) => vars[key] ?? whole);
}

export function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

export const pad2 = (n: number) => String(n).padStart(2, '0');

export interface PlannedLocation {
  id: string;
  name: string;
  country: SeedCountry;
}

export interface PlannedEvent {
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

export interface PlannedUser {
  id: string;
  email: string;
  firstName: string;
  lastName: string;
  track: Track;
  createdAt: number;
  isPro: boolean;
}
