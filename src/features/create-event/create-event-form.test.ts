import { describe, expect, it } from 'vitest';
import {
  checkCreateEvent,
  COMMUNITY_EVENT_DESCRIPTION,
  COMMUNITY_EVENT_IMAGE_URL,
  COMMUNITY_EVENT_LOCATION,
  initialCreateEventValues,
  todayInputValue,
  type CreateEventValues,
} from './create-event-form';

const NOW = new Date(2030, 2, 1, 12, 0); // Mar 1, 2030, local time
const valid = (overrides: Partial<CreateEventValues> = {}): CreateEventValues => ({
  ...initialCreateEventValues(),
  name: 'Design systems breakfast',
  startDate: '2030-03-05',
  eventUrl: 'https://breakfast.example',
  ...overrides,
});
const errorsOf = (values: CreateEventValues) => {
  const result = checkCreateEvent(values, NOW);
  return result.ok ? {} : result.errors;
};

describe('create event form', () => {
  it('starts empty with 09:00 and 17:00 as the times', () => {
    expect(initialCreateEventValues()).toEqual({ name: '', startDate: '', startTime: '09:00', endDate: '', endTime: '17:00', eventUrl: '' });
  });

  it('names every missing required field', () => {
    expect(errorsOf({ ...initialCreateEventValues(), startTime: '' })).toEqual({
      name: 'Event name is required',
      startDate: 'Event date is required',
      startTime: 'Event time is required',
      eventUrl: 'Event URL is required',
    });
    expect(errorsOf(valid({ name: '   ' }))).toEqual({ name: 'Event name is required' });
  });

  it('puts https:// in front of a URL typed without a scheme', () => {
    const result = checkCreateEvent(valid({ eventUrl: ' breakfast.example/tickets ' }), NOW);
    expect(result.ok && result.payload.eventUrl).toBe('https://breakfast.example/tickets');
  });

  it('accepts only HTTPS URLs', () => {
    expect(errorsOf(valid({ eventUrl: 'http://breakfast.example' }))).toEqual({ eventUrl: 'Must be a valid HTTPS URL' });
    expect(errorsOf(valid({ eventUrl: 'not a url' }))).toEqual({ eventUrl: 'Must be a valid HTTPS URL' });
    expect(errorsOf(valid({ eventUrl: 'javascript:alert(1)' }))).toEqual({ eventUrl: 'Must be a valid HTTPS URL' });
  });

  it('combines date and time into an ISO timestamp in local time, and sends the fixed parts', () => {
    const result = checkCreateEvent(valid({ name: ' Design systems breakfast ', startTime: '08:30', endDate: '' }), NOW, 'Europe/Oslo');
    expect(result).toEqual({
      ok: true,
      payload: {
        name: 'Design systems breakfast',
        dateTime: new Date(2030, 2, 5, 8, 30).toISOString(),
        eventUrl: 'https://breakfast.example',
        imageUrl: COMMUNITY_EVENT_IMAGE_URL,
        location: COMMUNITY_EVENT_LOCATION,
        description: COMMUNITY_EVENT_DESCRIPTION,
        timeZone: 'Europe/Oslo',
      },
    });
    expect(COMMUNITY_EVENT_IMAGE_URL).toBe('/media/events/community.svg');
    expect(COMMUNITY_EVENT_LOCATION).toBe('See event details');
  });

  it('sends the end only when both end date and end time are given', () => {
    const both = checkCreateEvent(valid({ endDate: '2030-03-06' }), NOW);
    expect(both.ok && both.payload.endDateTime).toBe(new Date(2030, 2, 6, 17, 0).toISOString());
    const noTime = checkCreateEvent(valid({ endDate: '2030-03-06', endTime: '' }), NOW);
    expect(noTime.ok && 'endDateTime' in noTime.payload).toBe(false);
    const noDate = checkCreateEvent(valid({ endDate: '', endTime: '18:00' }), NOW);
    expect(noDate.ok && 'endDateTime' in noDate.payload).toBe(false);
  });

  it('refuses an end before the start and a start before today', () => {
    expect(errorsOf(valid({ endDate: '2030-03-04' }))).toEqual({ endDate: 'End must be after the start' });
    expect(errorsOf(valid({ startDate: '2030-02-28' }))).toEqual({ startDate: 'Event date cannot be in the past' });
    expect(todayInputValue(NOW)).toBe('2030-03-01');
    expect(checkCreateEvent(valid({ startDate: '2030-03-01' }), NOW).ok).toBe(true);
  });

  it("refuses a name over 200 characters with 'Input too long'", () => {
    const result = checkCreateEvent(valid({ name: 'x'.repeat(201) }), NOW);
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.errors.name).toBe('Input too long');
    expect(result.toast).toMatchObject({
      title: 'Input too long',
      description: "Your input for 'Event Name' exceeds the maximum allowed length (200 characters). Please shorten it.",
    });
  });
});
