import { describe, expect, it } from 'vitest';
import type { EventListItem } from '../../../contract/events';
import { makeEventItem } from '../../test/event-fixtures';
import { arrangeYourEvents } from './your-events';

const NOW = new Date('2030-06-15T12:00:00Z');
const at = (id: string, dateTime: string | null, endDateTime: string | null = null): EventListItem =>
  makeEventItem({ id, name: `Event ${id}`, dateTime, endDateTime });

describe("'Your Events' order", () => {
  it('lists upcoming events soonest first, then past ones most recent first, and drops missing or invalid dates', () => {
    const arranged = arrangeYourEvents(
      [
        at('late', '2030-09-01T09:00:00Z'),
        at('old', '2029-01-01T09:00:00Z'),
        at('soon', '2030-06-20T09:00:00Z'),
        at('none', null),
        at('bad', 'not a date'),
        at('recent', '2030-06-01T09:00:00Z'),
      ],
      NOW,
    );
    expect(arranged.map((event) => [event.id, event.past])).toEqual([
      ['soon', false],
      ['late', false],
      ['recent', true],
      ['old', true],
    ]);
  });

  it('keeps an event current until 6 hours after its end', () => {
    const arranged = arrangeYourEvents(
      [at('ending', '2030-06-15T01:00:00Z', '2030-06-15T07:00:00Z'), at('over', '2030-06-15T00:00:00Z', '2030-06-15T05:59:00Z')],
      NOW,
    );
    expect(arranged.map((event) => [event.id, event.past])).toEqual([
      ['ending', false],
      ['over', true],
    ]);
  });
});
