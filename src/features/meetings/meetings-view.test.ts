import { describe, expect, it } from 'vitest';
import type { Meeting, MeetingAvailability } from '../../../contract/meetings';
import type { OutboxRecord } from '../../offline/db';
import { meetingSections, stateText } from './meeting-sections';
import { meetingTimeText } from './meeting-time-text';
import { meetingsOverlay, shownMeetings, type ShownMeeting } from './meetings-shown';
import { pickerDays } from './picker-slots';
import { meetableEvents } from './shared-events';
import type { EventListItem, EventListResponse } from '../../../contract/events';
import { spansOf } from './components/SessionsEditor';

const NOW = Date.parse('2030-06-01T09:00:00Z');
const meeting = (changes: Partial<Meeting>): Meeting => ({
  id: 'm1',
  eventId: 'e1',
  eventName: 'Summit',
  timeZone: 'Europe/Oslo',
  with: { id: 'ada', firstName: 'Ada', lastName: 'Lovelace', imageUrl: null },
  requestedByMe: false,
  state: 'requested',
  startsAt: '2030-06-01T12:00:00.000Z',
  endsAt: '2030-06-01T12:30:00.000Z',
  place: 'Table 12',
  message: null,
  proposal: null,
  awaitingMe: true,
  note: null,
  closedByMe: null,
  outcome: null,
  sequence: 0,
  createdAt: '2030-05-01T00:00:00.000Z',
  updatedAt: '2030-05-01T00:00:00.000Z',
  ...changes,
});
const shown = (changes: Partial<Meeting>): ShownMeeting => ({ ...meeting(changes), queued: false, sync: null });
const record = (kind: string, payload: object, state: OutboxRecord['state'] = 'pending', lastError: string | null = null) =>
  ({ id: `r-${kind}`, userId: 'me', createdAt: 1, attempts: 0, nextAttemptAt: 0, lastError, state, kind, payload }) as unknown as OutboxRecord;

describe('the meetings views', () => {
  it('sorts meetings into requests to answer, upcoming, sent requests and past', () => {
    const sections = meetingSections(
      [
        shown({ id: 'ask' }),
        shown({ id: 'up', state: 'accepted', awaitingMe: false }),
        shown({ id: 'sent', requestedByMe: true, awaitingMe: false }),
        shown({ id: 'old', state: 'accepted', awaitingMe: false, startsAt: '2030-05-31T10:00:00Z', endsAt: '2030-05-31T10:15:00Z' }),
        shown({ id: 'no', state: 'declined', awaitingMe: false }),
      ],
      NOW,
    );
    expect(sections.map((s) => [s.section, s.meetings.map((m) => m.id)])).toEqual([
      ['answer', ['ask']],
      ['upcoming', ['up']],
      ['sent', ['sent']],
      ['past', ['no', 'old']],
    ]);
  });

  it('says the state from the member side, and a request past its start as expired', () => {
    expect(stateText(shown({}), NOW)).toBe('Ada asks to meet');
    expect(stateText(shown({ requestedByMe: true, awaitingMe: false }), NOW)).toBe('Waiting for Ada');
    expect(stateText(shown({}), Date.parse('2030-06-01T12:00:00Z'))).toBe('Expired');
    expect(stateText(shown({ state: 'cancelled', closedByMe: false }), NOW)).toBe('Ada cancelled');
  });

  it('shows the time in the event zone and names the zone only when the device clock differs', () => {
    expect(meetingTimeText('2030-06-01T12:00:00Z', '2030-06-01T12:30:00Z', 'Europe/Oslo', 'Europe/Oslo')).toBe('Sat 1 Jun, 14:00–14:30');
    expect(meetingTimeText('2030-06-01T12:00:00Z', '2030-06-01T12:30:00Z', 'Europe/Oslo', 'Europe/Berlin')).toBe('Sat 1 Jun, 14:00–14:30');
    expect(meetingTimeText('2030-06-01T12:00:00Z', '2030-06-01T12:30:00Z', 'Europe/Oslo', 'America/New_York')).toBe('Sat 1 Jun, 14:00–14:30 (Oslo time)');
  });

  it('lays queued actions over the server meeting, and a refusal in words', () => {
    const overlay = meetingsOverlay([record('meeting-accept', { meetingId: 'm1', eventId: 'e1', actedAt: '' })]);
    expect(shownMeetings([meeting({})], overlay)[0]).toMatchObject({ state: 'accepted', awaitingMe: false, sync: { state: 'waiting' } });
    const refused = meetingsOverlay([
      record('meeting-accept', { meetingId: 'm1', eventId: 'e1', actedAt: '' }, 'failed', 'You already have a meeting at 14:30 with Grace'),
    ]);
    expect(shownMeetings([meeting({})], refused)[0]).toMatchObject({
      state: 'requested',
      sync: { state: 'refused', reason: 'Could not accept: you already have a meeting at 14:30 with Grace' },
    });
  });

  it('shows a request still on the device as its own card, only at its event', () => {
    const payload = {
      eventId: 'e1',
      invitee: { id: 'bob', firstName: 'Bob', lastName: 'B', imageUrl: null },
      eventName: 'Summit',
      timeZone: 'UTC',
      startsAt: '2030-06-01T13:00:00.000Z',
      minutes: 15,
      place: 'Bar',
      message: '',
      actedAt: '2030-05-01T00:00:00.000Z',
    };
    const overlay = meetingsOverlay([record('meeting-request', payload)]);
    expect(shownMeetings([], overlay, 'e1')).toEqual([
      expect.objectContaining({ queued: true, endsAt: '2030-06-01T13:15:00.000Z', with: payload.invitee, sync: { state: 'waiting' } }),
    ]);
    expect(shownMeetings([], overlay, 'e2')).toEqual([]);
    // Once the server's answer is in the list, the request shows once: as the server has it.
    const landed = meeting({ requestedByMe: true, awaitingMe: false, with: payload.invitee, startsAt: payload.startsAt, place: 'Bar' });
    expect(shownMeetings([landed], overlay, 'e1').map((m) => m.queued)).toEqual([false]);
  });
});

describe('the time picker', () => {
  const availability: MeetingAvailability = {
    eventId: 'e1',
    timeZone: 'UTC',
    windows: [{ startsAt: '2030-06-01T10:00:00Z', endsAt: '2030-06-01T11:00:00Z' }],
    myMeetings: [{ startsAt: '2030-06-01T10:00:00Z', endsAt: '2030-06-01T10:15:00Z', meetingId: 'm9', withName: 'Grace' }],
    mySessions: [{ startsAt: '2030-06-01T10:15:00Z', endsAt: '2030-06-01T10:30:00Z' }],
    theirBusy: [{ startsAt: '2030-06-01T10:30:00Z', endsAt: '2030-06-01T10:45:00Z' }],
    with: null,
  };

  it('offers each quarter hour that fits and says why a busy one cannot be chosen', () => {
    const [day] = pickerDays(availability, 15, NOW);
    expect(day!.slots.map((slot) => slot.busy?.kind ?? 'free')).toEqual(['meeting', 'session', 'theirs', 'free']);
    expect(pickerDays(availability, 30, NOW)[0]!.slots).toHaveLength(3);
  });

  it('lets a meeting being moved keep its own time free', () => {
    expect(pickerDays(availability, 15, NOW, 'm9')[0]!.slots[0]!.busy).toBeNull();
  });

  it('joins neighbouring quarter hours of busy times into one span', () => {
    const at = (hhmm: string) => Date.parse(`2030-06-01T${hhmm}:00Z`);
    expect(spansOf([at('10:15'), at('10:00'), at('11:00')])).toEqual([
      { startsAt: '2030-06-01T10:00:00.000Z', endsAt: '2030-06-01T10:30:00.000Z' },
      { startsAt: '2030-06-01T11:00:00.000Z', endsAt: '2030-06-01T11:15:00.000Z' },
    ]);
  });
});

describe('events to meet at', () => {
  const event = (id: string, dateTime: string, endDateTime: string | null) =>
    ({ id, isProOnly: false, locationDisplay: null, eventData: { id, name: id.toUpperCase(), dateTime, endDateTime } }) as unknown as EventListItem;
  const mine = {
    events: [
      event('a', '2030-06-02T10:00:00Z', null),
      event('b', '2030-05-01T10:00:00Z', '2030-05-01T12:00:00Z'),
      event('c', '2030-06-01T08:00:00Z', '2030-06-03T18:00:00Z'),
    ],
    total: 3,
    page: 1,
    limit: 10,
    userSubscription: { hasProAccess: false },
    attendeeConnections: { a: [{ id: 'ada', firstName: 'Ada' }], b: [{ id: 'ada', firstName: 'Ada' }] },
  } as EventListResponse;

  it('are the member events that have not ended where the other is known to attend', () => {
    expect(meetableEvents(mine, 'ada', NOW).map((e) => e.id)).toEqual(['a']);
  });

  it('are all of them, soonest first, for someone not known to attend any', () => {
    expect(meetableEvents(mine, 'bob', NOW).map((e) => [e.id, e.together])).toEqual([
      ['c', false],
      ['a', false],
    ]);
  });
});
