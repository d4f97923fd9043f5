import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MEETING_ERROR_CODES, MEETING_ERRORS } from '../../contract/meetings';
import { DAY, HOUR, type Member } from '../test/helpers/events-fixtures';
import { askMeeting, meetingEvent } from '../test/helpers/meeting-fixtures';
import { createTestContext, type TestContext } from '../test/helpers/test-app';

/**
 * When a meeting may be held at an event longer than a day (docs/product.md, 'Meetings'): each of
 * its days from 08:00 to 20:00 in the event's time zone, never the nights between.
 */

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t.close());

const badTime = { error: MEETING_ERRORS.badTime, field: 'startsAt', code: MEETING_ERROR_CODES.badTime };

describe('a multi-day event', () => {
  it("takes requests and proposals within each local day's hours and refuses 22:00, 07:45 and a meeting running past 20:00", async () => {
    const day = Math.ceil((t.clock.now().getTime() + DAY) / DAY) * DAY;
    // Kolkata is UTC+05:30 all year: 09:00 local on the first day to 20:00 on the third.
    const { event, people } = await meetingEvent(t, 2, { start: new Date(day + 3.5 * HOUR), hours: 2 * 24 + 11, timeZone: 'Asia/Kolkata' });
    const [ada, bob] = people as [Member, Member];
    const local = (dayIndex: number, hour: number) => new Date(day + dayIndex * DAY + (hour - 5.5) * HOUR).toISOString();
    for (const [startsAt, minutes] of [
      [local(0, 22), 15],
      [local(1, 7.75), 15],
      [local(1, 19.75), 30],
      [local(0, 8.5), 15],
      [local(3, 10), 15],
    ] as const) {
      expect((await askMeeting(ada, event.id, { inviteeId: bob.id, startsAt, minutes })).body, startsAt).toEqual(badTime);
    }
    const asked = await askMeeting(ada, event.id, { inviteeId: bob.id, startsAt: local(1, 8), minutes: 30 });
    expect(asked.status, asked.text).toBe(201);
    expect((await askMeeting(ada, event.id, { inviteeId: bob.id, startsAt: local(2, 19.5), minutes: 30 })).status).toBe(201);
    const night = await bob.client.post(`/api/meetings/${asked.body.id}/propose`, { startsAt: local(1, 21), minutes: 15, place: 'Bar' });
    expect(night.body).toEqual(badTime);
    const evening = await bob.client.post(`/api/meetings/${asked.body.id}/propose`, { startsAt: local(1, 19.75), minutes: 15, place: 'Bar' });
    expect(evening.body).toMatchObject({ startsAt: local(1, 19.75), timeZone: 'Asia/Kolkata' });
  });

  it('an event of a day at most, or without an end, offers its whole span at any hour', async () => {
    const day = Math.ceil((t.clock.now().getTime() + DAY) / DAY) * DAY;
    // 20:30 to 04:30 in Kolkata: an evening event is open all its eight hours.
    const { event, people, at } = await meetingEvent(t, 2, { start: new Date(day + 15 * HOUR), hours: 8, timeZone: 'Asia/Kolkata' });
    const [ada, bob] = people as [Member, Member];
    expect((await askMeeting(ada, event.id, { inviteeId: bob.id, startsAt: at(90) })).status).toBe(201);
    await t.db.updateTable('events').set({ end_date_time: null }).where('id', '=', event.id).execute();
    expect((await askMeeting(bob, event.id, { inviteeId: ada.id, startsAt: at(7 * 60 + 30) })).status).toBe(201);
    expect((await askMeeting(bob, event.id, { inviteeId: ada.id, startsAt: at(8 * 60) })).body).toEqual(badTime);
  });
});
