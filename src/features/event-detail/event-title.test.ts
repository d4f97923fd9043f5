import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api-client';
import { makeEventItem, makeLockedItem } from '../../test/event-fixtures';
import { eventTitleName } from './event-title';

describe('eventTitleName', () => {
  it("is the event's name once it is known", () => {
    expect(eventTitleName(makeEventItem({ name: 'Nordic Design Week' }), null)).toBe('Nordic Design Week');
  });

  it('names a locked PRO-only preview, which has no name, as the screen does', () => {
    expect(eventTitleName(makeLockedItem(), null)).toBe('PRO-only event');
  });

  it("says 'Event Not Found' for a missing event and nothing while loading or after another failure", () => {
    expect(eventTitleName(undefined, new ApiError(404, { error: 'Event not found' }))).toBe('Event Not Found');
    expect(eventTitleName(undefined, null)).toBeUndefined();
    expect(eventTitleName(undefined, new ApiError(500, { error: 'Internal server error' }))).toBeUndefined();
  });
});
