import { describe, expect, it } from 'vitest';
import { metNote } from './contact-formats';

describe("a contact's note", () => {
  const connectedAt = new Date('2026-11-20T10:00:00.000Z');
  it('says where they met once the event has started, and that they connected ahead of one still to come', () => {
    expect(metNote({ eventName: 'Nordic Summit', eventStarted: true, connectedAt })).toBe('Met at Nordic Summit on 2026-11-20 (Mingle)');
    expect(metNote({ eventName: 'Nordic Summit', eventStarted: false, connectedAt })).toBe('Connected ahead of Nordic Summit on 2026-11-20 (Mingle)');
    expect(metNote({ eventName: null, eventStarted: true, connectedAt })).toBe('Connected on Mingle on 2026-11-20');
  });
});
