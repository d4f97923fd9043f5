import { useMemo, useState, type ReactNode } from 'react';
import { Link } from 'wouter';
import { useOutboxStatus } from '../../../offline/outbox-context';
import { someEventRecordsCopy } from '../../../offline/event-records-copy';
import { useOutboxKnownEmpty } from '../../../offline/use-outbox-summary';
import { formatDateRange } from '../../../lib/dates';
import { ArrowLeftIcon } from '../../../ui/icons';
import { Button } from '../../../ui/Button';
import { EmptyState } from '../../../ui/EmptyState';
import { Tabs } from '../../../ui/Tabs';
import { deckCandidates, useDeck, useInteractions } from '../api/queries';
import { peopleOf } from '../deck-view';
import { ConnectionsTab } from './ConnectionsTab';
import { InstructionCard } from './InstructionCard';
import { InteractionsTab } from './InteractionsTab';
import { SwipeDeck } from './SwipeDeck';
import { SyncStatus } from './SyncStatus';
import './attendees.css';

type Tab = 'all' | 'connections' | 'interactions';

/** Which event the member is meeting people at: its name and a compact date, in the header. */
export interface MeetEventSummary {
  name: string;
  dateTime: string | null;
  endDateTime?: string | null;
  /** Over (docs/product.md section 4: 6 hours after its end): the deck is closed, connections stay. */
  ended?: boolean;
}

export const EVENT_ENDED_TITLE = 'This event has ended';
export const EVENT_ENDED_TEXT = 'Meeting new people here closed 6 hours after the event ended. The connections you made here stay with you.';

/**
 * Meet Attendees (docs/product.md section 2): the deck, the event's connections and the member's
 * interactions. With the deck showing, the page is exactly the screen's height above the bottom
 * navigation, and the card takes what the header and the buttons leave (attendees.css), so the
 * card, its text, Pass and Connect are all in view on any phone without scrolling.
 */
export function MeetAttendees({
  eventId,
  memberId,
  event,
  headerActions,
}: {
  eventId: string;
  memberId: string | null;
  event: MeetEventSummary;
  /** Beside the title: what the route composes in (the QR exchange). */
  headerActions?: ReactNode;
}) {
  const [tab, setTab] = useState<Tab>(event.ended ? 'connections' : 'all');
  // With the member's outbox known to be empty nothing queued can hide a card, and with a copy of
  // the event's records (offline/event-records-copy.ts) the deck knows which, so the outbox (Dexie,
  // IndexedDB) stays off the deck's first paint and loads right after it; a swipe made before it
  // is there is held until it is (use-enqueue-swipe.ts).
  const knownEmpty = useOutboxKnownEmpty(memberId);
  const [copied] = useState(() => someEventRecordsCopy(eventId));
  const outboxStatus = useOutboxStatus(knownEmpty || copied ? 'after-paint' : 'now');
  const deck = useDeck(eventId);
  const interactions = useInteractions(eventId);
  // Who a refused record was about, named from the deck or the member's interactions.
  const people = useMemo(() => peopleOf(deckCandidates(deck.data), interactions.data), [deck.data, interactions.data]);

  return (
    <div className={tab === 'all' && !event.ended ? 'meet-attendees meet-attendees--deck' : 'meet-attendees'}>
      <header className="meet-header">
        <Link href={`/events/${eventId}`} className="meet-back" aria-label="Back to event">
          <ArrowLeftIcon />
          <span className="meet-back-text">Back to event</span>
        </Link>
        <div className="meet-heading">
          <h1 className="meet-title">Meet Attendees</h1>
          <p className="meet-event">
            <span className="meet-event-name">{event.name}</span>
            {event.dateTime && <span className="meet-event-date"> · {formatDateRange(event.dateTime, event.endDateTime)}</span>}
          </p>
        </div>
        {headerActions && <div className="meet-header-actions">{headerActions}</div>}
      </header>
      <SyncStatus outbox={outboxStatus.outbox} eventId={eventId} people={people} />
      <Tabs
        label="Meet Attendees"
        value={tab}
        onValueChange={(value) => setTab(value as Tab)}
        items={[
          {
            value: 'all',
            label: 'All Attendees',
            content: event.ended ? (
              <EmptyState title={EVENT_ENDED_TITLE} action={<Button onClick={() => setTab('connections')}>See your connections here</Button>}>
                {EVENT_ENDED_TEXT}
              </EmptyState>
            ) : (
              <div className="meet-deck-panel">
                <InstructionCard eventId={eventId} />
                <SwipeDeck eventId={eventId} outboxStatus={outboxStatus} memberId={memberId} onShowConnections={() => setTab('connections')} />
              </div>
            ),
          },
          { value: 'connections', label: 'Connections', content: <ConnectionsTab eventId={eventId} /> },
          { value: 'interactions', label: 'Interactions', content: <InteractionsTab eventId={eventId} outboxStatus={outboxStatus} /> },
        ]}
      />
    </div>
  );
}
