import { describe, expect, it } from 'vitest';
import type { OutboxRecord, OutboxState } from './db';
import { overlayOf } from './record-overlay';

let time = 0;
function base(state: OutboxState) {
  time += 1;
  return { id: `r${time}`, userId: 'u1', createdAt: time, attempts: 0, nextAttemptAt: 0, lastError: state === 'failed' ? 'Refused' : null, state };
}
const swipe = (toUserId: string, direction: 'right' | 'left', state: OutboxState = 'pending'): OutboxRecord => ({
  ...base(state),
  kind: 'swipe',
  payload: { eventId: 'e1', toUserId, direction },
});
const undo = (payload: { toUserId: string; interactionId?: string } | { interactionId: string }, state: OutboxState = 'pending'): OutboxRecord => ({
  ...base(state),
  kind: 'undo-swipe',
  payload: { eventId: 'e1', ...payload },
});
const goal = (text: string, state: OutboxState = 'pending'): OutboxRecord => ({ ...base(state), kind: 'goal', payload: { eventId: 'e1', goal: text } });

describe('what queued records change on screen', () => {
  it('the latest intent towards a person wins, in queue order whatever the list order', () => {
    const pass = swipe('bob', 'left', 'sending');
    const undoPass = undo({ toUserId: 'bob' });
    const connect = swipe('bob', 'right');
    const overlay = overlayOf([connect, undoPass, pass]);
    expect(overlay.byUser.get('bob')).toEqual({ kind: 'swiped', record: connect });
  });

  it('a waiting undo takes the person out of the lists, by user and by interaction id', () => {
    const overlay = overlayOf([undo({ toUserId: 'bob', interactionId: 'i1' }), undo({ interactionId: 'i2' }, 'sending')]);
    expect(overlay.byUser.get('bob')?.kind).toBe('undone');
    expect([...overlay.undoneInteractionIds]).toEqual(['i1', 'i2']);
  });

  it('a refused undo changes nothing (the server still has the interaction); a refused swipe is marked', () => {
    const refusedSwipe = swipe('carol', 'right', 'failed');
    const overlay = overlayOf([undo({ toUserId: 'bob', interactionId: 'i1' }, 'failed'), refusedSwipe]);
    expect(overlay.byUser.has('bob')).toBe(false);
    expect(overlay.undoneInteractionIds.size).toBe(0);
    expect(overlay.byUser.get('carol')).toEqual({ kind: 'swipe-failed', record: refusedSwipe });
  });

  it('shows the newest waiting goal ("" clears it) and a refused one until a newer edit waits', () => {
    expect(overlayOf([]).goal).toBeUndefined();
    expect(overlayOf([goal('first', 'sending'), goal('')]).goal).toBe('');
    const refused = goal('too late', 'failed');
    expect(overlayOf([refused])).toMatchObject({ goal: undefined, failedGoal: refused });
    expect(overlayOf([refused, goal('again')])).toMatchObject({ goal: 'again', failedGoal: undefined });
  });
});
