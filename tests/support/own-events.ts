/**
 * Events a browser test makes for itself, so that no test reads a deck another test changes: a
 * community event (POST events/user-added) made by a new host, with new members joined through its
 * secret. Only the host, the host's connections and whoever joined see such an event, so its
 * attendees, and each one's deck, are exactly what the test put there.
 *
 * What the demo flagship events had that a test may need is made here too: a photo, a location, a
 * long story and a goal on each card (fullCards), a time range, and a viewer who sees the event
 * without being registered at it (connectThroughShare: a connection of the host).
 */
import { randomBytes } from 'node:crypto';
import { setTimeout as delay } from 'node:timers/promises';
import { expect } from '@playwright/test';
import sharp from 'sharp';
import type { CreatedEvent } from '../../contract/events';
import type { ProfileConnectResponse, ShareResponse } from '../../contract/profiles';
import { joinEvent, type ApiMember, type MemberFactory } from './api-session';

const HOUR_MS = 60 * 60 * 1000;

/** A card as full as a demo attendee's: role, location, a story long enough to be clamped, and a goal. */
export const FULL_CARD = {
  role: 'Product Lead at Northwind Labs',
  location: 'Stockholm, Sweden',
  story:
    'I lead product for a small software team in Stockholm and spend most of my time on offline-first mobile apps, onboarding and the people who build them. I like comparing notes on sync, conflict handling and field research. Say hello if we are at the same event.',
  goal: 'Meet engineers who ship apps for spotty networks and compare notes on sync.',
};

/** A unique suffix of letters, for event names. */
export function nameSuffix(): string {
  return Array.from(randomBytes(4), (byte) => String.fromCharCode(97 + (byte % 26))).join('');
}

export interface NewEventOptions {
  /** Shown as the event's title (default 'E2E {tag} {suffix}'). */
  name?: string;
  /** Start (default: tomorrow, as api-session's createCommunityEvent). */
  start?: Date;
  /** End (default none). */
  end?: Date | null;
}

/** POST events/user-added with the given name and times: the creator is registered. */
export async function createEvent(creator: ApiMember, name: string, { start, end }: Omit<NewEventOptions, 'name'> = {}): Promise<CreatedEvent> {
  const dateTime = start ?? new Date(Date.now() + 24 * HOUR_MS);
  const answer = await creator.api.post('/api/events/user-added', {
    data: { name, dateTime: dateTime.toISOString(), endDateTime: end ? end.toISOString() : null, eventUrl: 'https://meetup.example/e2e' },
  });
  expect(answer.status(), `community event creation: ${await answer.text()}`).toBe(201);
  return (await answer.json()) as CreatedEvent;
}

/** A start tomorrow and an end two days later, for an event whose header shows a date range and times. */
export function threeDays(): { start: Date; end: Date } {
  const start = new Date(Date.now() + 24 * HOUR_MS);
  return { start, end: new Date(start.getTime() + 2 * 24 * HOUR_MS + 9 * HOUR_MS) };
}

/**
 * `viewer` scans `owner`'s shared profile link (POST users/{id}/connect/{secret}): the two are
 * connected at once, with no event in common. The owner's community events become visible to the
 * viewer, who is not registered at them ('Register Now', 'People you might know', and still
 * visible after leaving), and the owner leaves the viewer's decks (the deck skips connections).
 */
export async function connectThroughShare(owner: ApiMember, viewer: ApiMember): Promise<void> {
  const shared = await owner.api.post('/api/users/me/share');
  expect(shared.status(), 'share link').toBe(200);
  const { shareUrl } = (await shared.json()) as ShareResponse;
  const secret = decodeURIComponent(shareUrl.split('/').pop()!);
  const answer = await viewer.api.post(`/api/users/${owner.id}/connect/${encodeURIComponent(secret)}`);
  expect(answer.status(), `${viewer.name} connecting with ${owner.name}: ${await answer.text()}`).toBe(200);
  expect(((await answer.json()) as ProfileConnectResponse).connected).toBe(true);
}

/** A square JPEG of one colour with a lighter disc: a photo as small as a test needs. */
function photoOf(hue: number): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="640" height="640">
    <rect width="640" height="640" fill="hsl(${hue}, 45%, 42%)"/>
    <circle cx="320" cy="260" r="130" fill="hsl(${hue}, 40%, 78%)"/>
    <ellipse cx="320" cy="620" rx="240" ry="200" fill="hsl(${hue}, 40%, 78%)"/></svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 80 }).toBuffer();
}

/**
 * PATCH users/me as multipart with a profile photo. The server takes two uploads at a time and
 * answers 503 to a third (upload-gate.ts): other tests upload too, so a 503 is tried again.
 */
export async function uploadPhoto(member: ApiMember): Promise<void> {
  const buffer = await photoOf(randomBytes(1)[0]! * 1.4);
  for (let attempt = 1; ; attempt++) {
    const answer = await member.api.patch('/api/users/me', {
      multipart: { profileImage: { name: 'photo.jpg', mimeType: 'image/jpeg', buffer } },
    });
    if (answer.status() === 200) return;
    if (answer.status() !== 503 || attempt >= 10) throw new Error(`photo upload for ${member.name}: ${answer.status()} ${await answer.text()}`);
    // The busy answer's Retry-After is for a person; an upload here is over well within a second.
    await delay(250 * attempt);
  }
}

/** The full card of FULL_CARD and a photo (the goal is given when the member joins). */
export async function fillCard(member: ApiMember): Promise<void> {
  const answer = await member.api.patch('/api/users/me', { data: { role: FULL_CARD.role, story: FULL_CARD.story, location: FULL_CARD.location } });
  expect(answer.status(), `profile of ${member.name}: ${await answer.text()}`).toBe(200);
  await uploadPhoto(member);
}

export interface OwnEvent {
  event: CreatedEvent;
  name: string;
  /** The creator, registered (an attendee with a complete profile). */
  host: ApiMember;
  /** The other attendees, joined with the secret, in the order of `guests`. */
  guests: ApiMember[];
}

export interface OwnEventOptions extends NewEventOptions {
  /** The host's first name (default 'Hana'). */
  host?: string;
  /** First names of the attendees who join besides the host (default none). */
  guests?: string[];
  /** Photo, location, long story and goal on every attendee's card, as the demo attendees have. */
  fullCards?: boolean;
}

/**
 * A community event of a new host with new attendees who joined through its secret, every one with
 * a complete profile: a deck of exactly these members for whoever joins next. Members are made side
 * by side (each sign-up waits for its mailed code).
 */
export async function ownEvent(members: MemberFactory, tag: string, options: OwnEventOptions = {}): Promise<OwnEvent> {
  const name = options.name ?? `E2E ${tag} ${nameSuffix()}`;
  const made = await Promise.all(
    [options.host ?? 'Hana', ...(options.guests ?? [])].map(async (firstName, index) => {
      const member = await members.create({ tag: `${tag} ${index === 0 ? 'host' : 'guest'}`, firstName });
      if (options.fullCards) await fillCard(member);
      return member;
    }),
  );
  const [host, ...guests] = made as [ApiMember, ...ApiMember[]];
  const event = await createEvent(host, name, options);
  const goal = options.fullCards ? FULL_CARD.goal : '';
  if (goal) {
    const answer = await host.api.patch(`/api/events/${event.id}/attendee`, { data: { goal } });
    expect(answer.status(), `goal of ${host.name}`).toBe(200);
  }
  await Promise.all(guests.map((guest) => joinEvent(guest, event.id, { secret: event.joinSecret, goal })));
  return { event, name, host, guests };
}
