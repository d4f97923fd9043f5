import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RecommendationsAnswer } from '../../contract/recommendations';
import { startFakeOpenAiServer, type FakeOpenAiServer } from '../../tests/support/fake-openai-server';
import { LOCKED_MOTIVATION } from '../services/recommendations/motivation';
import {
  connect,
  DAY,
  insertCategory,
  insertEvent,
  insertLocation,
  newMember,
  registerAt,
  type InsertedEvent,
  type Member,
} from '../test/helpers/events-fixtures';
import { createTestContext, type TestContext } from '../test/helpers/test-app';

/** GET/PUT /api/ai-recommendations/... (contract/recommendations.ts): consent, ranking, reasons, PRO batches. */

let t: TestContext;
let fake: FakeOpenAiServer;
beforeAll(async () => {
  [t, fake] = await Promise.all([createTestContext(), startFakeOpenAiServer()]);
});
afterAll(async () => {
  await Promise.all([t.close(), fake.close()]);
});

/** A word no other test's events contain (the stemmer leaves it as it is). */
const word = () => `zq${randomBytes(4).toString('hex')}k`;

async function optedIn(options: { pro?: boolean; story?: string; role?: string; locationId?: string } = {}): Promise<Member> {
  const member = await newMember(t, { pro: options.pro });
  await t.db
    .updateTable('users')
    .set({ role: options.role ?? 'Engineer', story: options.story ?? 'I like meeting people.', location_id: options.locationId ?? null })
    .where('id', '=', member.id)
    .execute();
  expect((await member.client.put('/api/ai-recommendations/consent', { consent: true })).status).toBe(200);
  return member;
}

/** A client of another app (other settings, same database) holding the member's session. */
function signedInTo(app: ReturnType<TestContext['makeApp']>, member: Member) {
  const client = t.client({}, app);
  for (const [name, value] of member.client.jar) client.jar.set(name, value);
  return client;
}

async function top3(member: Member, query = ''): Promise<RecommendationsAnswer> {
  const res = await member.client.get(`/api/ai-recommendations/top-3${query}`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body;
}

describe('consent', () => {
  it('is unknown until the member decides; recommendations need it on, and turning it off stops them', async () => {
    const member = await newMember(t);
    expect((await member.client.get('/api/ai-recommendations/consent')).body).toEqual({ consent: null });
    const refused = await member.client.get('/api/ai-recommendations/top-3');
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ code: 'AI_CONSENT_REQUIRED' });

    expect((await member.client.put('/api/ai-recommendations/consent', { consent: true })).body).toEqual({ consent: true });
    expect((await member.client.get('/api/ai-recommendations/consent')).body).toEqual({ consent: true });
    expect((await member.client.get('/api/ai-recommendations/top-3')).status).toBe(200);

    expect((await member.client.put('/api/ai-recommendations/consent', { consent: false })).status).toBe(200);
    expect((await member.client.get('/api/ai-recommendations/consent')).body).toEqual({ consent: false });
    for (const path of ['top-3', 'batches', 'pro/batch/2']) {
      expect((await member.client.get(`/api/ai-recommendations/${path}`)).body.code, path).toBe('AI_CONSENT_REQUIRED');
    }
    // The choice is the member's consent of type ai_recommendations, listed with the others.
    const consents = (await member.client.get('/api/users/consents')).body as Array<{ type: string; aiEnabled: boolean }>;
    expect(consents.filter((c) => c.type === 'ai_recommendations')).toEqual([expect.objectContaining({ aiEnabled: false })]);
  });

  it('refuses a body without a boolean, and every call without a session', async () => {
    const member = await newMember(t);
    const bad = await member.client.put('/api/ai-recommendations/consent', { consent: 'yes' });
    expect(bad.status).toBe(400);
    expect(bad.body.field).toBe('consent');
    const anonymous = t.client();
    for (const path of ['status', 'consent', 'top-3', 'pro/status', 'batches', 'pro/batch/2']) {
      expect((await anonymous.get(`/api/ai-recommendations/${path}`)).status, path).toBe(401);
    }
  });

  it('with AI turned off on the server: status says so, nothing is recommended, opting in is refused but opting out works', async () => {
    const off = t.makeApp({ AI_ENABLED: 'false' });
    const member = await newMember(t);
    const client = signedInTo(off, member);
    expect((await client.get('/api/ai-recommendations/status')).body).toEqual({ aiEnabled: false, model: false });
    const optIn = await client.put('/api/ai-recommendations/consent', { consent: true });
    expect(optIn.status).toBe(503);
    expect(optIn.body).toEqual({ error: 'AI recommendations temporarily unavailable', code: 'AI_DISABLED' });
    expect((await client.put('/api/ai-recommendations/consent', { consent: false })).status).toBe(200);
    expect((await client.get('/api/ai-recommendations/top-3')).body.code).toBe('AI_DISABLED');
    expect((await member.client.get('/api/ai-recommendations/status')).body).toEqual({ aiEnabled: true, model: false });
  });
});

describe('the picks', () => {
  it('rank the event that matches the member first, with a reason made of the signals that fired', async () => {
    const topic = word();
    const city = await insertLocation(t.db, { name: `Stad${word()}`, country: 'SE' });
    const member = await optedIn({ story: `I build ${topic} products for banks.`, locationId: city });
    const friends = [await newMember(t), await newMember(t)];
    for (const friend of friends) await connect(t.db, member.id, friend.id);

    const best = await insertEvent(t.db, { name: `${topic} Summit`, description: `<p>All about ${topic}.</p>`, locationId: city });
    const textOnly = await insertEvent(t.db, { name: `Intro to ${topic}`, description: '<p>Basics.</p>' });
    const attending = await insertEvent(t.db, { name: `${topic} Breakfast`, description: `<p>${topic}</p>` });
    const past = await insertEvent(t.db, { name: `${topic} Retro`, start: new Date(Date.now() - 30 * DAY) });
    const hidden = await insertEvent(t.db, { name: `${topic} Private`, sourceType: 'USER_ADDED', createdBy: (await newMember(t)).id });
    for (const friend of friends) await registerAt(t.db, friend.id, best.id);
    await registerAt(t.db, member.id, attending.id);

    const answer = await top3(member);
    const ids = answer.recommendations.map((r) => r.eventId);
    expect(ids.slice(0, 2)).toEqual([best.id, textOnly.id]);
    for (const excluded of [attending.id, past.id, hidden.id]) expect(ids).not.toContain(excluded);
    const [first, second] = answer.recommendations;
    expect(first!.motivation).toBe(
      `2 of your connections attend; matches "${topic}" in your story; in ${(await t.db.selectFrom('locations').select('name').where('id', '=', city).executeTakeFirstOrThrow()).name}`,
    );
    expect(second!.motivation).toBe(`Matches "${topic}" in your story`);
    expect(first!.matchScore).toBeGreaterThan(second!.matchScore);
    expect(first!.matchScore).toBeLessThanOrEqual(100);
    expect(first!.event.eventData?.name).toBe(`${topic} Summit`);
    expect(answer).toMatchObject({ totalRecommendations: expect.any(Number), hasMoreBatches: expect.any(Boolean), lastUpdated: expect.any(String) });
  });

  it('learn from the categories of the events a member registered for', async () => {
    const category = await insertCategory(t.db, `Cat ${word()}`);
    const member = await optedIn();
    const went = await insertEvent(t.db, { categories: [category], start: new Date(Date.now() - 10 * DAY) });
    await registerAt(t.db, member.id, went.id);
    const next = await insertEvent(t.db, { categories: [category] });
    const answer = await top3(member);
    const pick = answer.recommendations.find((r) => r.eventId === next.id);
    const { label } = await t.db.selectFrom('categories').select('label').where('id', '=', category).executeTakeFirstOrThrow();
    expect(pick?.motivation).toContain(`${label}, like events you joined`);
  });

  it('show a free member a PRO-only pick as a locked preview whose reason gives nothing of it away; PRO members see it whole', async () => {
    const topic = word();
    const free = await optedIn({ story: `${topic} fan` });
    const pro = await optedIn({ story: `${topic} fan`, pro: true });
    const friend = await newMember(t);
    await connect(t.db, free.id, friend.id);
    const locked = await insertEvent(t.db, { name: `${topic} Secret Dinner`, description: `<p>${topic}</p>`, isProOnly: true });
    await registerAt(t.db, friend.id, locked.id);

    const freePick = (await top3(free)).recommendations.find((r) => r.eventId === locked.id)!;
    expect(freePick.event.eventData).toBeUndefined();
    expect(freePick.event.previewData).toBeDefined();
    expect(freePick.motivation).toBe(LOCKED_MOTIVATION);
    expect(JSON.stringify(freePick)).not.toContain('Secret Dinner');

    const proPick = (await top3(pro)).recommendations.find((r) => r.eventId === locked.id)!;
    expect(proPick.event.eventData?.name).toBe(`${topic} Secret Dinner`);
    expect(proPick.motivation).toContain(`"${topic}"`);
  });

  it('for ?eventId=: events like that one, never itself; an event the member may not see is a 404', async () => {
    const topic = word();
    const member = await optedIn();
    const seed = await insertEvent(t.db, { name: `${topic} Conference`, description: `<p>${topic} ${topic}</p>` });
    const like = await insertEvent(t.db, { name: `${topic} Meetup` });
    const answer = await top3(member, `?eventId=${seed.id}`);
    expect(answer.recommendations[0]?.eventId).toBe(like.id);
    expect(answer.recommendations.map((r) => r.eventId)).not.toContain(seed.id);
    expect(answer.recommendations[0]!.motivation).toBe(`Shares topics with ${topic} Conference`);

    const hidden = await insertEvent(t.db, { sourceType: 'USER_ADDED', createdBy: (await newMember(t)).id });
    expect((await member.client.get(`/api/ai-recommendations/top-3?eventId=${hidden.id}`)).status).toBe(404);
    // Events like a PRO-only one would give away what it is about: PRO first.
    const locked = await insertEvent(t.db, { name: `${topic} Vault`, isProOnly: true });
    const refused = await member.client.get(`/api/ai-recommendations/top-3?eventId=${locked.id}`);
    expect([refused.status, refused.body.error]).toEqual([403, 'Upgrade to PRO to view this event']);
    const bad = await member.client.get('/api/ai-recommendations/top-3?eventId=not-an-id');
    expect([bad.status, bad.body.field]).toEqual([400, 'eventId']);
  });
});

describe('batches', () => {
  it('give PRO members the next three picks, one batch at a time, and refuse free members', async () => {
    const topic = word();
    const events: InsertedEvent[] = [];
    for (let i = 0; i < 8; i++) events.push(await insertEvent(t.db, { name: `${topic} ${'x'.repeat(i + 1)}`, description: `<p>${topic}</p>` }));
    const pro = await optedIn({ story: topic, pro: true });
    const free = await optedIn({ story: topic });

    expect((await pro.client.get('/api/ai-recommendations/pro/status')).body).toEqual({ hasProAccess: true, maxBatches: 10 });
    expect((await free.client.get('/api/ai-recommendations/pro/status')).body).toEqual({ hasProAccess: false, maxBatches: 1 });
    const batches = (await pro.client.get('/api/ai-recommendations/batches')).body;
    expect(batches).toEqual({ hasMoreBatches: true, totalRecommendations: expect.any(Number) });
    expect(batches.totalRecommendations).toBeGreaterThanOrEqual(8);

    const first = await top3(pro);
    const second = (await pro.client.get('/api/ai-recommendations/pro/batch/2')).body as RecommendationsAnswer;
    const third = (await pro.client.get('/api/ai-recommendations/pro/batch/3')).body as RecommendationsAnswer;
    const seen = [first, second, third].flatMap((b) => b.recommendations.map((r) => r.eventId));
    expect(new Set(seen).size).toBe(seen.length);
    expect(seen.filter((id) => events.some((e) => e.id === id))).toHaveLength(8);
    expect(second.recommendations).toHaveLength(3);

    const refused = await free.client.get('/api/ai-recommendations/pro/batch/2');
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ code: 'PRO_REQUIRED' });
    for (const n of ['0', '11', 'two', '1.5']) {
      const res = await pro.client.get(`/api/ai-recommendations/pro/batch/${n}`);
      expect([res.status, res.body.error], n).toEqual([400, 'Invalid batch number']);
    }
  });
});

describe('with a language model', () => {
  const withModel = async (member: Member) => {
    return signedInTo(t.makeApp({ AI_BASE_URL: fake.url }), member);
  };

  it('the model rewrites the reasons from the same facts; a rewrite that invents a number, or a model error, leaves the plain reason', async () => {
    const topic = word();
    const member = await optedIn({ story: `${topic} lover` });
    await insertEvent(t.db, { name: `${topic} Days`, description: `<p>${topic}</p>` });
    const client = await withModel(member);
    const plain = (await top3(member)).recommendations[0]!.motivation;

    fake.enqueue({ text: JSON.stringify({ motivations: [`You wrote about "${topic}", and this event is all about it.`] }) });
    let res = await client.get('/api/ai-recommendations/top-3');
    expect(res.body.recommendations[0].motivation).toBe(`You wrote about "${topic}", and this event is all about it.`);
    const sent = JSON.parse(fake.requests.at(-1)!.body.messages.at(-1)!.content as string);
    expect(sent.items[0]).toEqual({ event: `${topic} Days`, facts: plain });

    fake.enqueue({ text: JSON.stringify({ motivations: ['12 of your friends are going!'] }) });
    res = await client.get('/api/ai-recommendations/top-3');
    expect(res.body.recommendations[0].motivation).toBe(plain);

    fake.enqueue({ error: { status: 500, message: 'boom' } });
    res = await client.get('/api/ai-recommendations/top-3');
    expect([res.status, res.body.recommendations[0].motivation]).toEqual([200, plain]);
    expect((await client.get('/api/ai-recommendations/status')).body).toEqual({ aiEnabled: true, model: true });
  });
});

describe('the kept ranking', () => {
  const ids = (answer: RecommendationsAnswer) => answer.recommendations.map((r) => r.eventId);

  it('is read again for five minutes, then made afresh; a pick the member joins leaves at once; turning AI off forgets it', async () => {
    const topic = word();
    const member = await optedIn({ story: `${topic} builder` });
    const first = await insertEvent(t.db, { name: `${topic} One`, description: `<p>${topic}</p>` });
    const a = await top3(member);
    expect(ids(a)).toContain(first.id);

    const later = await insertEvent(t.db, { name: `${topic} Two`, description: `<p>${topic}</p>` });
    t.clock.advance(60_000);
    const b = await top3(member);
    expect(b.lastUpdated).toBe(a.lastUpdated);
    expect(ids(b)).not.toContain(later.id);

    await registerAt(t.db, member.id, first.id);
    expect(ids(await top3(member))).not.toContain(first.id);

    t.clock.advance(5 * 60_000);
    const c = await top3(member);
    expect(c.lastUpdated).not.toBe(a.lastUpdated);
    expect(ids(c)).toContain(later.id);

    const kept = () => t.db.selectFrom('recommendation_rankings').select('scope').where('user_id', '=', member.id).execute();
    expect(await kept()).toEqual([{ scope: 'member' }]);
    await member.client.put('/api/ai-recommendations/consent', { consent: false });
    expect(await kept()).toEqual([]);
  });
});
