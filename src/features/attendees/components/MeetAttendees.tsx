import { useMemo, useState } from 'react';
import { Link } from 'wouter';
import { useOutboxStatus } from '../../../offline/outbox-context';
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

/** Meet Attendees (SPEC.md section 2): the deck, the event's connections and the member's interactions. */
export function MeetAttendees({ eventId, memberId }: { eventId: string; memberId: string | null }) {
  const [tab, setTab] = useState<Tab>('all');
  const outboxStatus = useOutboxStatus();
  const deck = useDeck(eventId);
  const interactions = useInteractions(eventId);
  // Who a refused record was about, named from the deck or the member's interactions.
  const people = useMemo(() => peopleOf(deckCandidates(deck.data), interactions.data), [deck.data, interactions.data]);

  return (
    <div className="meet-attendees">
      <Link href={`/events/${eventId}`} className="meet-back">
        Back to event
      </Link>
      <h1 className="meet-title">Meet Attendees</h1>
      <SyncStatus outbox={outboxStatus.outbox} eventId={eventId} people={people} />
      <Tabs
        label="Meet Attendees"
        value={tab}
        onValueChange={(value) => setTab(value as Tab)}
        items={[
          {
            value: 'all',
            label: 'All Attendees',
            content: (
              <>
                <InstructionCard eventId={eventId} />
                <SwipeDeck eventId={eventId} outboxStatus={outboxStatus} memberId={memberId} />
              </>
            ),
          },
          { value: 'connections', label: 'Connections', content: <ConnectionsTab eventId={eventId} /> },
          { value: 'interactions', label: 'Interactions', content: <InteractionsTab eventId={eventId} outboxStatus={outboxStatus} /> },
        ]}
      />
    </div>
  );
}
