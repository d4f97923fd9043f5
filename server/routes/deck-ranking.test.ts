import type { KyselyPlugin, PluginTransformQueryArgs, PluginTransformResultArgs } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INTERACTION_ERRORS } from '../../contract/errors';
import { encodeDeckCursor } from '../services/deck/deck-cursor';
import { deckPage } from '../services/deck/deck-page';
import { connect, DAY, insertCategory, insertEvent, insertLocation, newMember, registerAt, type Member } from '../test/helpers/events-fixtures';
import { createTestContext, type TestContext } from '../test/helpers/test-app';

/** docs/decisions.md, 'The deck, best people first': ranking, paging with the cursor, and what never counts. */

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t.close());

interface Profile {
  role?: string;
  story?: string;
  goal?: string | null;
  locationId?: string | null;
}

const PLAIN: Profile = { role: 'Consultant', story: 'I help companies with their projects.', goal: null };

async function attendee(eventId: string, profile: Profile = PLAIN): Promise<Member> {
  const member = await newMember(t);
  await t.db
    .updateTable('users')
    .set({ role: profile.role ?? PLAIN.role!, story: profile.story ?? PLAIN.story!, location_id: profile.locationId ?? null })
    .where('id', '=', member.id)
    .execute();
  await registerAt(t.db, member.id, eventId, profile.goal ?? null);
  return member;
}

/** The whole deck, page by page with the cursor. */
async function wholeDeck(me: Member, eventId: string, limit: number): Promise<string[]> {
  const seen: string[] = [];
  let cursor: string | null = null;
  for (let pages = 0; pages < 100; pages++) {
    const res = await me.client.get(`/api/events/${eventId}/attendees?limit=${limit}${cursor ? `&cursor=${cursor}` : ''}`);
    expect(res.status).toBe(200);
    seen.push(...res.body.attendees.map((a: { id: string }) => a.id));
    cursor = res.body.nextCursor;
    if (!cursor) return seen;
  }
  throw new Error('the deck never ended');
}

describe('the deck, best people first', () => {
  it('puts the people the member wants to meet first: their goal and story against the others', async () => {
    const event = await insertEvent(t.db);
    const me = await attendee(event.id, {
      role: 'Data engineer',
      story: 'I build data pipelines and care about observability.',
      goal: 'Meet founders of developer tools startups, ideally in observability.',
    });
    const chef = await attendee(event.id, { role: 'Pastry chef', story: 'I bake bread and croissants every morning.', goal: 'Find a new bakery space.' });
    const founder = await attendee(event.id, {
      role: 'Founder of an observability startup',
      story: 'We build developer tools that make tracing easy for small teams.',
      goal: 'Meet data engineers who run pipelines.',
    });
    const accountant = await attendee(event.id, { role: 'Accountant', story: 'Taxes and audits for retail companies.' });
    const engineer = await attendee(event.id, { role: 'Developer', story: 'I write developer tools in my spare time.' });
    const deck = await wholeDeck(me, event.id, 100);
    expect(deck[0]).toBe(founder.id);
    expect(deck[1]).toBe(engineer.id);
    expect(deck.slice(2).sort()).toEqual([chef.id, accountant.id].sort());
  });

  it('ranks mutual connections, shared categories of past events and the same place above nothing in common', async () => {
    const lund = await insertLocation(t.db, { name: `Lund ${Date.now()}`, country: 'SE' });
    const category = await insertCategory(t.db, 'Fintech');
    const otherCategory = await insertCategory(t.db, 'Gardening');
    const event = await insertEvent(t.db);
    const past = await insertEvent(t.db, { start: new Date(t.clock.now().getTime() - 30 * DAY), categories: [category] });
    const pastElsewhere = await insertEvent(t.db, { start: new Date(t.clock.now().getTime() - 20 * DAY), categories: [category, otherCategory] });
    const unrelated = await insertEvent(t.db, { start: new Date(t.clock.now().getTime() - 20 * DAY), categories: [otherCategory] });
    const me = await attendee(event.id, { ...PLAIN, locationId: lund });
    await registerAt(t.db, me.id, past.id);

    const plain = await attendee(event.id);
    const gardener = await attendee(event.id);
    await registerAt(t.db, gardener.id, unrelated.id);
    const sameInterests = await attendee(event.id);
    await registerAt(t.db, sameInterests.id, pastElsewhere.id);
    const neighbour = await attendee(event.id, { ...PLAIN, locationId: lund });
    const friendOfFriends = await attendee(event.id);
    for (let i = 0; i < 3; i++) {
      const friend = await newMember(t);
      await connect(t.db, me.id, friend.id);
      await connect(t.db, friendOfFriends.id, friend.id);
    }
    const deck = await wholeDeck(me, event.id, 100);
    const at = (m: Member) => deck.indexOf(m.id);
    expect(deck).toHaveLength(5);
    for (const better of [sameInterests, neighbour, friendOfFriends]) {
      expect(at(better)).toBeLessThan(at(plain));
      expect(at(better)).toBeLessThan(at(gardener));
    }
    // Three mutual connections (2 x log2 4 = 4) outweigh one shared category (1.5) and the place (2).
    expect(deck[0]).toBe(friendOfFriends.id);

    // Someone who joins later, with the same interests, is read with their past events too.
    const late = await newMember(t);
    await t.db.updateTable('users').set({ role: PLAIN.role!, story: PLAIN.story! }).where('id', '=', late.id).execute();
    await registerAt(t.db, late.id, pastElsewhere.id);
    await registerAt(t.db, late.id, event.id);
    const again = await wholeDeck(me, event.id, 100);
    expect(again.indexOf(late.id)).toBeLessThan(again.indexOf(plain.id));
    expect(again.indexOf(late.id)).toBeLessThan(again.indexOf(gardener.id));
  });

  it('pages through every candidate exactly once, also with tied scores and swipes between pages', async () => {
    const event = await insertEvent(t.db);
    const me = await attendee(event.id, { role: 'Designer', story: 'I design mobile apps.', goal: 'Meet mobile developers.' });
    const tied = await Promise.all(Array.from({ length: 9 }, () => attendee(event.id)));
    const ranked = await Promise.all(
      ['Mobile developer', 'Mobile app designer', 'Backend developer'].map((role) => attendee(event.id, { role, story: 'Apps and more apps.' })),
    );
    const everyone = [...tied, ...ranked].map((m) => m.id).sort();
    const full = await wholeDeck(me, event.id, 500);
    expect([...full].sort()).toEqual(everyone);
    for (const limit of [1, 2, 3, 4, 5]) {
      const paged = await wholeDeck(me, event.id, limit);
      expect(paged, `limit ${limit}`).toEqual(full);
    }
    // The tied ones come in id order after the better matches.
    expect(full.slice(-9)).toEqual(tied.map((m) => m.id).sort());

    // Swipes between pages: the next page starts where the cursor says, nobody twice, nobody lost.
    const first = await me.client.get(`/api/events/${event.id}/attendees?limit=4`);
    for (const card of first.body.attendees.slice(0, 3)) {
      const swipe = await me.client.post('/api/users/interactions/negative', { toUserId: card.id, eventId: event.id });
      expect(swipe.status).toBe(201);
    }
    const rest: string[] = [];
    let cursor: string | null = first.body.nextCursor;
    while (cursor) {
      const res = await me.client.get(`/api/events/${event.id}/attendees?limit=4&cursor=${cursor}`);
      rest.push(...res.body.attendees.map((a: { id: string }) => a.id));
      cursor = res.body.nextCursor;
    }
    expect(rest).toEqual(full.slice(4));
  });

  it('never lets a like towards the member raise anyone: the order is the same before and after', async () => {
    const event = await insertEvent(t.db);
    const me = await attendee(event.id, { role: 'Investor', story: 'I invest in climate startups.', goal: 'Meet climate founders.' });
    const people = await Promise.all(
      Array.from({ length: 6 }, (_, i) => attendee(event.id, i % 2 ? PLAIN : { role: 'Climate founder', story: 'Carbon accounting.' })),
    );
    const before = await wholeDeck(me, event.id, 2);
    // The last of the deck and another one like the member.
    for (const admirer of [people.find((p) => p.id === before.at(-1))!, people.find((p) => p.id === before.at(-2))!]) {
      const like = await admirer.client.post('/api/users/interactions/positive', { toUserId: me.id, eventId: event.id });
      expect(like.status).toBe(201);
    }
    const after = await wholeDeck(me, event.id, 2);
    expect(after).toEqual(before);
  });

  it('starts over for a cursor of the old id-ordered deck, and refuses a cursor that is neither', async () => {
    const event = await insertEvent(t.db);
    const me = await attendee(event.id);
    const other = await attendee(event.id);
    const legacy = Buffer.from(other.id).toString('base64url');
    const res = await me.client.get(`/api/events/${event.id}/attendees?cursor=${legacy}`);
    expect(res.status).toBe(200);
    expect(res.body.attendees.map((a: { id: string }) => a.id)).toEqual([other.id]);
    for (const junk of ['not-a-cursor', Buffer.from('r1.12.x').toString('base64url'), encodeDeckCursor({ score: 1, id: 'nope' })]) {
      const bad = await me.client.get(`/api/events/${event.id}/attendees?cursor=${junk}`);
      expect(bad.status, junk).toBe(400);
      expect(bad.body).toEqual({ error: INTERACTION_ERRORS.invalidCursor, field: 'cursor' });
    }
  });

  it('follows changes at once: an edited profile or goal moves its card, a new attendee appears, an incomplete profile goes', async () => {
    const event = await insertEvent(t.db);
    const me = await attendee(event.id, { role: 'Baker', story: 'Sourdough every day.', goal: 'Meet coffee roasters.' });
    const a = await attendee(event.id);
    const b = await attendee(event.id);
    const first = await wholeDeck(me, event.id, 10);
    expect([...first].sort()).toEqual([a.id, b.id].sort());

    // b rewrites their profile through the API: now the best match, and the card shows it.
    const last = first[1] === b.id ? b : a;
    const edited = await last.client.patch('/api/users/me', { role: 'Coffee roaster', story: 'I roast coffee for bakeries.' });
    expect(edited.status).toBe(200);
    const res = await me.client.get(`/api/events/${event.id}/attendees`);
    expect(res.body.attendees[0]).toMatchObject({ id: last.id, role: 'Coffee roaster' });

    // A goal edit counts too.
    const other = last === a ? b : a;
    expect((await other.client.patch(`/api/events/${event.id}/attendee`, { goal: 'Find sourdough bakers.' })).status).toBe(200);
    expect((await me.client.get(`/api/events/${event.id}/attendees`)).body.attendees.find((c: { id: string }) => c.id === other.id).goal).toBe(
      'Find sourdough bakers.',
    );

    const late = await attendee(event.id, { role: 'Barista', story: 'Coffee, coffee roasting and latte art.' });
    expect((await wholeDeck(me, event.id, 10)).sort()).toEqual([a.id, b.id, late.id].sort());
    await t.db.updateTable('users').set({ story: '' }).where('id', '=', late.id).execute();
    expect((await wholeDeck(me, event.id, 10)).sort()).toEqual([a.id, b.id].sort());
  });

  it('builds each new version from what changed since the last, to the same deck as reading everyone again', async () => {
    const event = await insertEvent(t.db);
    const me = await attendee(event.id, { role: 'Baker', story: 'Sourdough every day.', goal: 'Meet coffee roasters and millers.' });
    const others = await Promise.all(
      ['Miller', 'Coffee roaster', 'Florist', 'Barista', 'Accountant'].map((role, i) =>
        attendee(event.id, { role, story: `Story number ${i} about ${role}.` }),
      ),
    );
    // Read everyone: a database handle with a cache of its own, as a new process would have.
    const fromScratch = async () => (await deckPage(t.db.withPlugin(new NoPlugin()), me.id, event.id, null, 50, new Date())).attendees;
    const deck = async () => (await me.client.get(`/api/events/${event.id}/attendees?limit=50`)).body.attendees;
    expect(await deck()).toEqual(await fromScratch());

    // Each change below is a new version; the deck is read after each, so each is built from the last.
    const changes: Array<() => Promise<unknown>> = [
      () => others[0]!.client.patch(`/api/events/${event.id}/attendee`, { goal: 'Meet sourdough bakers.' }),
      () => others[2]!.client.patch('/api/users/me', { role: 'Coffee roaster and miller', story: 'Beans and flour.' }),
      () => others[3]!.client.request('DELETE', `/api/users/me/events/${event.id}`),
      () => attendee(event.id, { role: 'Miller of rye', story: 'Stone-ground rye for bakers.' }),
      () => t.db.updateTable('users').set({ story: '' }).where('id', '=', others[4]!.id).execute(),
      // The log swept: the next version cannot be built from the last, and everyone is read again.
      () => t.db.deleteFrom('deck_changes').where('event_id', '=', event.id).execute(),
      () => others[1]!.client.patch(`/api/events/${event.id}/attendee`, { goal: 'Find bakeries for our beans.' }),
      () => others[4]!.client.patch('/api/users/me', { story: 'Back with a story: I count flour.' }),
    ];
    for (const change of changes) {
      await change();
      expect(await deck()).toEqual(await fromScratch());
    }
    const ids = (await deck()).map((card: { id: string }) => card.id);
    expect(ids).not.toContain(others[3]!.id);
    expect(ids).toContain(others[4]!.id);
    expect(ids).toHaveLength(5);
  });
});

/** A plugin that changes nothing: withPlugin() gives another Kysely instance over the same database. */
class NoPlugin implements KyselyPlugin {
  transformQuery(args: PluginTransformQueryArgs) {
    return args.node;
  }
  async transformResult(args: PluginTransformResultArgs) {
    return args.result;
  }
}
