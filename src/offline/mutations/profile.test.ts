import { describe, expect, it } from 'vitest';
import type { OutboxRecord } from '../db';
import { mergeProfileChanges, profileOverlayOf, withProfileChanges } from './profile';

let clock = 0;
function record(changes: Record<string, string>, state: OutboxRecord['state'] = 'pending', kind: 'profile' | 'goal' = 'profile'): OutboxRecord {
  const base = { id: `r${++clock}`, userId: 'ada', createdAt: clock, attempts: 0, nextAttemptAt: 0, lastError: null, state };
  return kind === 'profile' ? { ...base, kind, payload: { changes } } : { ...base, kind, payload: { eventId: 'e', goal: 'g' } };
}

describe('profile edits waiting in the outbox', () => {
  it('merge field by field, the newer value winning; a location replaces id and text together', () => {
    expect(mergeProfileChanges({ role: 'a', story: 'b' }, { story: 'c' })).toEqual({ role: 'a', story: 'c' });
    expect(mergeProfileChanges({ locationId: 'x', location: 'Oslo, Norway' }, { location: 'Harbour' })).toEqual({ location: 'Harbour' });
    expect(mergeProfileChanges({ location: 'Harbour' }, { locationId: '' })).toEqual({ locationId: '' });
  });

  it('overlay the waiting edits in queue order and name a refused one apart', () => {
    const refused = record({ story: 'rejected' }, 'failed');
    const records = [record({ role: 'Dev' }, 'sending'), refused, record({}, 'pending', 'goal'), record({ role: 'Lead', phone: '1' })];
    expect(profileOverlayOf(records)).toEqual({ changes: { role: 'Lead', phone: '1' }, waiting: true, failed: refused });
    expect(profileOverlayOf([])).toEqual({ changes: {}, waiting: false, failed: undefined });
  });

  it('apply to the member: an emptied optional field is cleared, the rest kept', () => {
    const me = { firstName: 'Ada', lastName: 'L', role: 'Dev', story: 'x', phone: '1' };
    expect(withProfileChanges(me, { role: '', firstName: 'Augusta' })).toEqual({
      firstName: 'Augusta',
      lastName: 'L',
      role: null,
      story: 'x',
      phone: '1',
    });
  });
});
