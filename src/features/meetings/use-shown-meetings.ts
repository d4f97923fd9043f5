import { useCallback, useMemo } from 'react';
import type { Meeting } from '../../../contract/meetings';
import type { OutboxRecord } from '../../offline/db';
import { MEETING_KINDS } from '../../offline/mutations/meeting-overlay';
import type { Outbox } from '../../offline/outbox';
import { useOutboxStatus } from '../../offline/outbox-context';
import { useOutboxRecords } from '../../offline/use-outbox-records';
import { useOutboxKnownEmpty } from '../../offline/use-outbox-summary';
import { useMe } from '../../lib/signed-in-member';
import { meetingsOverlay, shownMeeting, shownMeetings, type ShownMeeting } from './meetings-shown';

const subscribeMeetings = (outbox: Outbox, listener: (records: OutboxRecord[]) => void) => outbox.subscribeKinds(MEETING_KINDS, listener);

/** This device's meeting writes not yet taken by the server, folded; null while the outbox answers. */
export function useMeetingsOverlay() {
  // With the member's outbox known to be empty, nothing queued can change what shows: the outbox
  // (Dexie, IndexedDB) then loads after the first screen, not in the way of its paint.
  const knownEmpty = useOutboxKnownEmpty(useMe().me?.id);
  const status = useOutboxStatus(knownEmpty ? 'after-first-screen' : 'now');
  const records = useOutboxRecords(status.outbox, subscribeMeetings);
  const overlay = useMemo(() => meetingsOverlay(records), [records]);
  // Without an outbox nothing is queued; while it loads, queued work must not flash in later.
  return { overlay, settled: status.state === 'unavailable' || records !== null || knownEmpty, outbox: status.outbox };
}

/**
 * The meetings as the member sees them, with their queued writes laid over; `failed`: the list
 * could not be read (offline, never read before), and only this device's requests show.
 */
export function useShownMeetings(meetings: readonly Meeting[] | undefined, failed: boolean, eventId?: string): ShownMeeting[] | undefined {
  const { overlay } = useMeetingsOverlay();
  return useMemo(() => {
    const known = meetings ?? (failed ? [] : undefined);
    return known ? shownMeetings(known, overlay, eventId) : undefined;
  }, [meetings, failed, overlay, eventId]);
}

/** One meeting as the member sees it. */
export function useShownMeeting(meeting: Meeting | undefined): { shown: ShownMeeting | undefined; discard: ((id: string) => void) | null } {
  const { overlay, outbox } = useMeetingsOverlay();
  const shown = useMemo(() => (meeting ? shownMeeting(meeting, overlay) : undefined), [meeting, overlay]);
  const discard = useCallback((id: string) => void outbox?.discard(id), [outbox]);
  return { shown, discard: outbox ? discard : null };
}
