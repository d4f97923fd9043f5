import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeDeckCursor, encodeDeckCursor } from '../services/deck/deck-cursor';
import { buildCorpus, scoreCandidates, SIGNAL_WEIGHTS } from '../services/deck/deck-ranking';
import { swipingAttendee } from '../test/helpers/attendee-fixtures';
import { connect, insertEvent, type Member } from '../test/helpers/events-fixtures';
import { acceptedMeeting, meetingEvent } from '../test/helpers/meeting-fixtures';
import { createTestContext, type TestContext } from '../test/helpers/test-app';

/**
 * The deck stops favouring someone who did not come to a meeting with the member (docs/product.md,
 * 'Meetings'): marked 'missed', they rank below an otherwise equal person, and a link through them
 * counts as a mutual connection for nobody.
 */

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t.close());

const MINUTE = 60_000;

describe("a meeting marked 'missed'", () => {
  it('places that person below an otherwise equal one, whatever the rest of their score', () => {
    const same = { role: [['engin', 1]] as [string, number][], story: [['build', 1]] as [string, number][], goal: [] };
    const person = (id: string) => ({ person: { id, locationId: null, location: null }, terms: same });
    const corpus = buildCorpus([person('me'), person('kept'), person('missed'), person('other')]);
    const scores = scoreCandidates(
      person('me'),
      corpus,
      ['kept', 'missed', 'other'],
      new Map([['missed', { sharedCategories: 0, mutualConnections: 0, missedMeeting: true }]]),
    );
    expect(scores.get('missed')).toBe(scores.get('kept')! - SIGNAL_WEIGHTS.missedMeeting * 1000);
    expect(scores.get('other')).toBe(scores.get('kept'));
    // A score below zero pages like any other.
    const id = '0b0e0f30-0000-4000-8000-000000000001';
    expect(decodeDeckCursor(encodeDeckCursor({ score: -8000, id }))).toEqual({ score: -8000, id });
  });

  it('counts no mutual connection through them: of two equal attendees, the one linked through a no-show comes second', async () => {
    // Meetings at another event, over: the member met Yan and marked Xia 'missed'.
    const { event: earlier, people, at } = await meetingEvent(t, 3);
    const [me, xia, yan] = people as [Member, Member, Member];
    const missed = await acceptedMeeting(me, xia, earlier.id, at(60));
    const met = await acceptedMeeting(me, yan, earlier.id, at(120));
    t.clock.advance(Date.parse(at(150)) - t.clock.now().getTime() + MINUTE);
    for (const [meeting, outcome] of [
      [missed, 'missed'],
      [met, 'met'],
    ] as const) {
      const res = await me.client.request('PUT', `/api/meetings/${meeting.id}/outcome`, { json: { outcome } });
      expect(res.status, res.text).toBe(200);
    }
    // Two attendees alike in all but whom they know; the one whose id comes first (who would lead a
    // tie) is Xia's connection, the other Yan's.
    const event = await insertEvent(t.db, { start: new Date(t.clock.now().getTime() + 7 * 24 * 60 * MINUTE) });
    const pair = [await swipingAttendee(t, [event.id]), await swipingAttendee(t, [event.id])].sort((a, b) => (a.id < b.id ? -1 : 1));
    const [linkedToXia, linkedToYan] = pair as [Member, Member];
    await connect(t.db, linkedToXia.id, xia.id);
    await connect(t.db, linkedToYan.id, yan.id);
    await t.db.insertInto('event_attendees').values({ event_id: event.id, user_id: me.id }).execute();
    const deck = await me.client.get(`/api/events/${event.id}/attendees?limit=100`);
    expect(deck.status).toBe(200);
    expect(deck.body.attendees.map((card: { id: string }) => card.id)).toEqual([linkedToYan.id, linkedToXia.id]);
  });
});
