import { describe, expect, it } from 'vitest';
import type { DeckCandidate, DeckPage, Interaction } from '../../../contract/attendees';
import type { OutboxRecord } from '../../offline/db';
import { overlayOf } from '../../offline/record-overlay';
import { deckCandidates } from './api/queries';
import { interactionRows, peopleOf, visibleCandidates } from './deck-view';

const person = (id: string): DeckCandidate => ({
  id,
  firstName: id,
  lastName: 'Tester',
  imageUrl: `/media/${id}.jpg`,
  role: 'Role',
  story: 'Story',
  location: null,
  locationDisplay: null,
  goal: null,
});
const interaction = (id: string, toUserId: string, type: Interaction['type'], connected = false): Interaction => ({
  id,
  type,
  eventId: 'e1',
  toUser: { id: toUserId, firstName: toUserId, lastName: 'Tester', imageUrl: null },
  createdAt: '2026-01-01T00:00:00.000Z',
  connected,
});
let time = 0;
const record = (fields: Pick<OutboxRecord, 'kind' | 'payload'>, state: OutboxRecord['state'] = 'pending'): OutboxRecord =>
  ({ id: `r${++time}`, userId: 'u1', createdAt: time, attempts: 0, nextAttemptAt: 0, lastError: null, state, ...fields }) as OutboxRecord;
const swipe = (toUserId: string, direction: 'right' | 'left', state?: OutboxRecord['state']) =>
  record({ kind: 'swipe', payload: { eventId: 'e1', toUserId, direction } }, state);
const undo = (toUserId: string, interactionId?: string) => record({ kind: 'undo-swipe', payload: { eventId: 'e1', toUserId, interactionId } });

describe('the deck on screen', () => {
  it('joins the loaded pages in order, each person once', () => {
    const page = (ids: string[], nextCursor: string | null): DeckPage => ({ attendees: ids.map(person), nextCursor });
    const pages = { pages: [page(['a', 'b', 'c'], 'x'), page(['c', 'd'], null)], pageParams: [null, 'x'] };
    expect(deckCandidates(pages).map((c) => c.id)).toEqual(['a', 'b', 'c', 'd']);
  });

  it('leaves out queued, refused and already sent swipes and this visit’s swipes; an undo brings a person back', () => {
    const candidates = ['a', 'b', 'c', 'd', 'e', 'f'].map(person);
    const overlay = overlayOf([swipe('a', 'right'), swipe('b', 'left', 'failed'), undo('e', 'i-e')]);
    const interactions = [interaction('i-c', 'c', 'NEGATIVE'), interaction('i-e', 'e', 'NEGATIVE')];
    const shown = visibleCandidates(candidates, overlay, interactions, new Set(['d']));
    expect(shown.map((c) => c.id)).toEqual(['e', 'f']);
  });
});

describe('the interaction lists on screen', () => {
  it('puts queued swipes first, named from the deck, and hides connected, undone and replaced ones', () => {
    const interactions = [
      interaction('i1', 'ken', 'POSITIVE', true),
      interaction('i2', 'linus', 'NEGATIVE'),
      interaction('i3', 'ada', 'POSITIVE'),
      interaction('i4', 'bob', 'NEGATIVE'),
    ];
    const overlay = overlayOf([swipe('grace', 'right'), undo('linus', 'i2'), undo('bob', 'i4'), swipe('bob', 'right'), swipe('zed', 'left', 'failed')]);
    const rows = interactionRows(interactions, overlay, peopleOf([person('grace')], interactions));
    expect(rows.map((r) => [r.toUser.firstName, r.type, r.interactionId ?? null])).toEqual([
      ['bob', 'POSITIVE', null],
      ['grace', 'POSITIVE', null],
      ['ada', 'POSITIVE', 'i3'],
    ]);
    expect(rows[1]?.toUser.imageUrl).toBe('/media/grace.jpg');
  });
});
