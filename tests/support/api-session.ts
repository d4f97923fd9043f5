/**
 * Members made through the API, for browser tests that are not about signing up: the same calls
 * the UI makes (code request, code from the SMTP sink, verify, consents, profile, join), in a
 * BrowserContext of the member's own, so its pages are signed in. Each member also gets an
 * APIRequestContext with the same session cookie, for what a test does "in the background" and
 * for reading what reached the server: it is not the browser's network, so it keeps working while
 * the browser context is offline.
 */
import { randomBytes } from 'node:crypto';
import { expect, request, test as base, type APIRequestContext, type Browser, type BrowserContext } from '@playwright/test';
import type { Connection, DeckCandidate, DeckPage, Interaction } from '../../contract/attendees';
import type { CreatedEvent, EventListItem } from '../../contract/events';
import type { Me } from '../../contract/user';
import { waitForCode } from './smtp-sink';

export interface ApiMember {
  id: string;
  firstName: string;
  lastName: string;
  /** First and last name, as the app shows it. */
  name: string;
  email: string;
  /** The member's browser, signed in. */
  context: BrowserContext;
  /** The member's session outside the browser (unaffected by context.setOffline). */
  api: APIRequestContext;
}

export interface NewMemberOptions {
  /** Shown in the last name and the address, so a failing test's data is easy to find. */
  tag: string;
  firstName?: string;
  /** Role and story; false leaves the profile incomplete (default true). */
  completeProfile?: boolean;
}

const PROFILE = {
  role: 'Engineering lead at a logistics start-up',
  story: 'I build offline-first mobile apps and like to compare notes with people who ship to spotty networks.',
};

function uniqueSuffix(): string {
  // Letters only: names are free text, and a unique last name keeps each card and toast unambiguous.
  return Array.from(randomBytes(5), (byte) => String.fromCharCode(97 + (byte % 26))).join('');
}

async function expectStatus(answer: { status(): number; text(): Promise<string> }, status: number, what: string): Promise<void> {
  if (answer.status() !== status) {
    throw new Error(`${what}: expected ${status}, got ${answer.status()} ${await answer.text()}`);
  }
}

/**
 * The sign-up through the API with `api`'s cookies (a browser context's share them): code, verification,
 * the terms and privacy consents and, with `profile`, role and story. The context is signed in after it.
 */
export async function signUpWithRequests(
  api: APIRequestContext,
  { firstName, lastName, email }: { firstName: string; lastName: string; email: string },
  profile: { role: string; story: string } | null,
): Promise<Me> {
  const asked = await api.post('/api/signup/pin/request', { data: { firstName, lastName, email } });
  await expectStatus(asked, 200, 'sign-up code request');
  const pin = await waitForCode(email);
  const verified = await api.post('/api/signup/pin/verify', { data: { email, pin, firstName, lastName } });
  await expectStatus(verified, 201, 'sign-up code verification');
  const consents = await api.post('/api/users/consents', { data: { consents: [{ type: 'terms' }, { type: 'privacy' }] } });
  await expectStatus(consents, 201, 'consents');
  if (profile) await expectStatus(await api.patch('/api/users/me', { data: profile }), 200, 'profile');
  return (await verified.json()) as Me;
}

/**
 * Signs a new member up through the API in a new browser context: sign-up code, verification
 * (the context gets the session cookie), the terms and privacy consents and, unless told
 * otherwise, role and story.
 */
export async function createApiMember(browser: Browser, baseURL: string, options: NewMemberOptions): Promise<ApiMember> {
  const firstName = options.firstName ?? 'Alex';
  const lastName = `${options.tag.replace(/[^a-z ]/gi, ' ').trim()} ${uniqueSuffix()}`;
  const email = `e2e-api-${options.tag.toLowerCase().replace(/[^a-z0-9]+/g, '-')}-${Date.now().toString(36)}${uniqueSuffix()}@example.com`;
  const context = await browser.newContext({ baseURL });
  try {
    const me = await signUpWithRequests(context.request, { firstName, lastName, email }, options.completeProfile !== false ? PROFILE : null);
    const api = await request.newContext({ baseURL, storageState: await context.storageState() });
    return { id: me.id, firstName, lastName, name: `${firstName} ${lastName}`, email, context, api };
  } catch (error) {
    await context.close();
    throw error;
  }
}

/** POST events/{id}/join: a visible event needs no secret; a community event needs its join secret. */
export async function joinEvent(member: ApiMember, eventId: string, options: { secret?: string; goal?: string } = {}): Promise<void> {
  const answer = await member.api.post(`/api/events/${eventId}/join`, { data: { secret: options.secret ?? '', goal: options.goal ?? '' } });
  await expectStatus(answer, 201, `${member.name} joining ${eventId}`);
}

/** DELETE users/me/events/{id}: the member leaves the event. */
export async function leaveEvent(member: ApiMember, eventId: string): Promise<void> {
  await expectStatus(await member.api.delete(`/api/users/me/events/${eventId}`), 204, `${member.name} leaving ${eventId}`);
}

/**
 * POST events/user-added: a community event starting tomorrow, with the creator registered. Only
 * the creator, their connections and whoever joins with the secret see it, so its attendees are
 * exactly the members a test puts there.
 */
export async function createCommunityEvent(creator: ApiMember, name: string): Promise<CreatedEvent> {
  const start = new Date(Date.now() + 24 * 60 * 60 * 1000);
  const answer = await creator.api.post('/api/events/user-added', {
    data: { name, dateTime: start.toISOString(), endDateTime: null, eventUrl: 'https://meetup.example/e2e' },
  });
  await expectStatus(answer, 201, 'community event creation');
  return (await answer.json()) as CreatedEvent;
}

/** POST users/interactions/positive, as the member's app would send it (without an outbox key). */
export async function likeByApi(member: ApiMember, toUserId: string, eventId: string): Promise<void> {
  const answer = await member.api.post('/api/users/interactions/positive', { data: { toUserId, eventId } });
  await expectStatus(answer, 201, `${member.name} liking ${toUserId}`);
}

/** The member's deck at the event, in the order the app shows it. */
export async function deckOf(member: ApiMember, eventId: string): Promise<DeckCandidate[]> {
  const answer = await member.api.get(`/api/events/${eventId}/attendees?limit=500`);
  await expectStatus(answer, 200, 'deck');
  return ((await answer.json()) as DeckPage).attendees;
}

/** The first card of the member's deck at the event, with the name the card shows; the deck must have one. */
export async function firstInDeck(member: ApiMember, eventId: string): Promise<DeckCandidate & { name: string }> {
  const [first] = await deckOf(member, eventId);
  expect(first, `${member.name}'s deck at ${eventId} has attendees`).toBeTruthy();
  return { ...first!, name: `${first!.firstName} ${first!.lastName}` };
}

/** GET users/interactions/{eventId}: the member's interactions at the event, as the server has them. */
export async function interactionsOf(member: ApiMember, eventId: string): Promise<Interaction[]> {
  const answer = await member.api.get(`/api/users/interactions/${eventId}`);
  await expectStatus(answer, 200, 'interactions');
  return (await answer.json()) as Interaction[];
}

/** The member's interactions at the event as {other member's id: type}, for exact comparisons. */
export async function interactionTypes(member: ApiMember, eventId: string): Promise<Record<string, string>> {
  const list = await interactionsOf(member, eventId);
  const byUser: Record<string, string> = {};
  for (const item of list) {
    // Two interactions with one member would be a duplicate: make it visible in the comparison.
    byUser[item.toUser.id] = item.toUser.id in byUser ? `${byUser[item.toUser.id]}+${item.type}` : item.type;
  }
  return byUser;
}

/** GET users/connections. */
export async function connectionsOf(member: ApiMember): Promise<Connection[]> {
  const answer = await member.api.get('/api/users/connections');
  await expectStatus(answer, 200, 'connections');
  return (await answer.json()) as Connection[];
}

/** The member's goal for the event (GET events/{id}). */
export async function goalOf(member: ApiMember, eventId: string): Promise<string | null> {
  const answer = await member.api.get(`/api/events/${eventId}`);
  await expectStatus(answer, 200, 'event');
  const item = (await answer.json()) as EventListItem;
  expect(item.eventData, 'the member sees the event in full').toBeTruthy();
  return item.eventData!.goal;
}

export interface MemberFactory {
  create(options: NewMemberOptions): Promise<ApiMember>;
}

/**
 * Two new members, Ada and Bea, at a community event Ada created and Bea joined with its secret:
 * each one's deck is exactly the other. `tag` names the members and the event.
 */
export async function adaAndBeaAtOwnEvent(members: MemberFactory, tag: string): Promise<{ ada: ApiMember; bea: ApiMember; event: CreatedEvent }> {
  const ada = await members.create({ tag: `${tag} A`, firstName: 'Ada' });
  const bea = await members.create({ tag: `${tag} B`, firstName: 'Bea' });
  const event = await createCommunityEvent(ada, `E2E ${tag.toLowerCase()} ${Date.now().toString(36)}`);
  await joinEvent(bea, event.id, { secret: event.joinSecret });
  return { ada, bea, event };
}

/**
 * `test` with a `members` fixture: members made through the API, whose browser contexts and API
 * sessions are closed when the test ends.
 */
export const test = base.extend<{ members: MemberFactory }>({
  members: async ({ browser, baseURL }, use) => {
    const made: ApiMember[] = [];
    await use({
      create: async (options) => {
        const member = await createApiMember(browser, baseURL ?? '', options);
        made.push(member);
        return member;
      },
    });
    for (const member of made) {
      await member.context.close().catch(() => {});
      await member.api.dispose().catch(() => {});
    }
  },
});

/** Another browser of the same member (a phone, a laptop), signed in with the same session; the caller closes it. */
export async function deviceOf(browser: Browser, member: ApiMember, options: Parameters<Browser['newContext']>[0] = {}): Promise<BrowserContext> {
  return browser.newContext({ ...options, baseURL: test.info().project.use.baseURL, storageState: await member.context.storageState() });
}
