import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertEvent, newMember, registerAt, type Member } from '../../test/helpers/events-fixtures';
import { createTestContext, type TestContext } from '../../test/helpers/test-app';
import { loadDeckCorpus, loadDeckMember } from './deck-corpus';
import { compareRanked, decodeDeckCursor, encodeDeckCursor } from './deck-cursor';
import { buildCorpus, scoreCandidates, type WithTerms } from './deck-ranking';
import { termCounts, type PersonTerms, type TermCounts } from './deck-terms';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t.close());

/** Lexemes written out by hand (space-separated, repeated to count more), for the arithmetic alone. */
function lexemes(text = ''): TermCounts {
  const counts = new Map<string, number>();
  for (const lexeme of text.split(' ').filter(Boolean)) counts.set(lexeme, (counts.get(lexeme) ?? 0) + 1);
  return [...counts];
}

const person = (id: string, terms: Partial<Record<keyof PersonTerms, string>> = {}): WithTerms => ({
  person: { id, locationId: null, location: null },
  terms: { role: lexemes(terms.role), story: lexemes(terms.story), goal: lexemes(terms.goal) },
});

interface Profile {
  role: string;
  story: string;
  goal?: string;
}

/** A member with a complete profile, registered at the event. */
async function attendee(eventId: string, profile: Profile): Promise<Member> {
  const member = await newMember(t);
  await t.db.updateTable('users').set({ role: profile.role, story: profile.story }).where('id', '=', member.id).execute();
  await registerAt(t.db, member.id, eventId, profile.goal ?? null);
  return member;
}

/** The member's whole deck in one page, as the app asks for it. */
async function deckOf(me: Member, eventId: string): Promise<string[]> {
  const res = await me.client.get(`/api/events/${eventId}/attendees?limit=100`);
  expect(res.status).toBe(200);
  return res.body.attendees.map((card: { id: string }) => card.id);
}

/** The event's corpus read from the database, and each candidate's score for `me`. */
async function scoresOf(me: Member, eventId: string) {
  const corpus = await loadDeckCorpus(t.db, eventId, '0', t.clock.now(), undefined);
  const member = await loadDeckMember(t.db, me.id, eventId);
  const scores = scoreCandidates(
    member,
    corpus,
    corpus.ids.filter((id) => id !== me.id),
    new Map(),
  );
  return { corpus, scores };
}

/** A word's lexeme in PostgreSQL's English configuration. */
async function stem(word: string): Promise<string> {
  const { rows } = await sql<{ lexeme: string }>`select (tsvector_to_array(to_tsvector('english'::regconfig, ${word})))[1] as lexeme`.execute(t.db);
  return rows[0]!.lexeme;
}

describe('deck ranking', () => {
  it('round-trips the cursor and refuses anything else', () => {
    const id = '0b5e4c9e-8d1a-4c4e-9a43-2f3a1b7c9d10';
    expect(decodeDeckCursor(encodeDeckCursor({ score: 1234, id }))).toEqual({ score: 1234, id });
    expect(decodeDeckCursor(Buffer.from(id).toString('base64url'))).toBe('legacy');
    for (const junk of ['', '!!', Buffer.from('r1.-1.x').toString('base64url'), 'x'.repeat(300)]) expect(decodeDeckCursor(junk)).toBeUndefined();
  });

  it('orders by score, then id', () => {
    const keys = [
      { score: 1, id: 'b' },
      { score: 2, id: 'c' },
      { score: 1, id: 'a' },
    ].sort(compareRanked);
    expect(keys.map((k) => k.id)).toEqual(['c', 'a', 'b']);
  });

  it("weighs a rare shared word above a common one, and counts the other's goal towards the member at half weight", () => {
    const member = person('m', { role: 'design', goal: 'typographi expert' });
    const people = [
      member,
      person('rare', { role: 'typographi expert', story: 'font' }),
      person('common', { role: 'expert', story: 'thing' }),
      ...Array.from({ length: 8 }, (_, i) => person(`x${i}`, { role: 'expert', story: 'thing' })),
      person('wantsMe', { role: 'engin', story: 'backend', goal: 'design' }),
    ];
    const corpus = buildCorpus(people);
    const scores = scoreCandidates(member, corpus, ['rare', 'common', 'wantsMe', 'x0'], new Map());
    expect(scores.get('rare')!).toBeGreaterThan(scores.get('common')!);
    expect(scores.get('wantsMe')!).toBeGreaterThan(0);
    expect(scores.get('x0')).toBe(scores.get('common'));
  });
});

describe("the deck's words, as PostgreSQL stems them", () => {
  it("shows first whom the member's words describe in other forms: 'founders' finds a founder, 'startups' a startup", async () => {
    const event = await insertEvent(t.db);
    const me = await attendee(event.id, { role: 'Angel investor', story: 'I invested in three companies.', goal: 'Meet founders of startups.' });
    const chef = await attendee(event.id, { role: 'Pastry chef', story: 'I bake bread every morning.' });
    const founder = await attendee(event.id, { role: 'Founder', story: 'Our startup bakes bread for schools.' });
    // 'Investing' and 'invested' are one word to PostgreSQL; the member's role and story weigh less than their goal.
    const investor = await attendee(event.id, { role: 'Partner at a fund', story: 'Investing in bakeries.' });
    expect(await deckOf(me, event.id)).toEqual([founder.id, investor.id, chef.id]);
  });

  it('counts every occurrence, and nothing for the words everyone writes in a goal', async () => {
    const event = await insertEvent(t.db);
    const me = await attendee(event.id, { role: 'Barista', story: 'Coffee, coffee and more coffee.', goal: 'Looking to meet new people who love coffee.' });
    const roaster = await attendee(event.id, { role: 'Roaster', story: 'I roast coffee.' });
    const talker = await attendee(event.id, { role: 'Host', story: 'I love meeting new people and helping them find work.' });
    const quiet = await attendee(event.id, { role: 'Accountant', story: 'Taxes and audits.' });
    const { corpus, scores } = await scoresOf(me, event.id);
    expect(scores.get(roaster.id)!).toBeGreaterThan(0);
    expect(scores.get(talker.id)).toBe(0);
    expect(scores.get(quiet.id)).toBe(0);

    const [coffee, meet] = [await stem('coffee'), await stem('meet')];
    const mine = corpus.docs[corpus.indexOf.get(me.id)!]!;
    // Three times in the story (weight 1), once in the goal (weight 1); the filler not at all.
    expect(mine.get(coffee)).toBe(4);
    expect(mine.has(meet)).toBe(false);
  });

  it("reads PostgreSQL's text form of any vector: quotes, backslashes, spaces, weights, no positions", async () => {
    const { rows } = await sql<{ plain: string; weighted: string; stripped: string }>`select
      array_to_tsvector(array['it''s', 'c:\\dir', 'e f'])::text as plain,
      setweight(to_tsvector('english'::regconfig, 'coffee tea coffee'), 'A')::text as weighted,
      strip(to_tsvector('english'::regconfig, 'coffee tea coffee'))::text as stripped`.execute(t.db);
    const { plain, weighted, stripped } = rows[0]!;
    expect(termCounts(plain)).toEqual([
      ['c:\\dir', 1],
      ['e f', 1],
      ["it's", 1],
    ]);
    const coffee = await stem('coffee');
    expect(termCounts(weighted)).toEqual([
      [coffee, 2],
      ['tea', 1],
    ]);
    expect(termCounts(stripped)).toEqual([
      [coffee, 1],
      ['tea', 1],
    ]);
    expect(termCounts('')).toEqual([]);
    expect(termCounts(null)).toEqual([]);
  });

  it('reads words of any script', async () => {
    const event = await insertEvent(t.db);
    const me = await attendee(event.id, { role: 'Guide', story: 'Tours of Kyoto.', goal: 'Meet people from 東京 and Москва.' });
    const tokyo = await attendee(event.id, { role: 'Student', story: 'I grew up in 東京.' });
    const moscow = await attendee(event.id, { role: 'Engineer', story: 'Москва is my home.' });
    const other = await attendee(event.id, { role: 'Teacher', story: 'I live in Lund.' });
    const deck = await deckOf(me, event.id);
    expect(deck.at(-1)).toBe(other.id);
    expect(deck.slice(0, 2).sort()).toEqual([tokyo.id, moscow.id].sort());
  });
});
