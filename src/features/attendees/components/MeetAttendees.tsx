import { useCallback, useState } from 'react';
import { Link } from 'wouter';
import { useOutbox } from '../../../offline/outbox-context';
import { Tabs } from '../../../ui/Tabs';
import { useDeck } from '../api/queries';
import { ConnectionsTab } from './ConnectionsTab';
import { InstructionCard } from './InstructionCard';
import { InteractionsTab } from './InteractionsTab';
import { SwipeDeck } from './SwipeDeck';
import { SyncStatus } from './SyncStatus';
import './attendees.css';

type Tab = 'all' | 'connections' | 'interactions';

/** Meet Attendees (SPEC.md section 2): the deck, the event's connections and the member's interactions. */
export function MeetAttendees({ eventId }: { eventId: string }) {
  const [tab, setTab] = useState<Tab>('all');
  const outbox = useOutbox();
  const deck = useDeck(eventId);
  const attendees = deck.data?.attendees;
  const nameOf = useCallback(
    (userId: string) => {
      const c = attendees?.find((a) => a.id === userId);
      return c ? `${c.firstName} ${c.lastName}`.trim() : undefined;
    },
    [attendees],
  );

  return (
    <div className="meet-attendees">
      <Link href={`/events/${eventId}`} className="meet-back">
        Back to event
      </Link>
      <h1 className="meet-title">Meet Attendees</h1>
      <SyncStatus outbox={outbox} nameOf={nameOf} />
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
                <SwipeDeck eventId={eventId} outbox={outbox} />
              </>
            ),
          },
          { value: 'connections', label: 'Connections', content: <ConnectionsTab eventId={eventId} /> },
          { value: 'interactions', label: 'Interactions', content: <InteractionsTab eventId={eventId} outbox={outbox} /> },
        ]}
      />
    </div>
  );
}
