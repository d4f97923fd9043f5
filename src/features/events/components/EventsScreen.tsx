import { lazy, Suspense } from 'react';
import { Link } from 'wouter';
import { isProfileComplete } from '../../../../contract/profile-completeness';
import { Tabs } from '../../../ui/Tabs';
import { useMe } from '../../../lib/signed-in-member';
import { useOnline } from '../../../lib/use-online';
import { useEventsUrl } from '../use-events-url';
import { DiscoverySection } from './DiscoverySection';
import { MyUpcomingEvents } from './MyUpcomingEvents';
import { RecommendationsSlot } from '../../recommendations/recommendations-slot';
import { EventRowSkeleton } from './Skeletons';
import { SubscriptionBanner } from './SubscriptionBanner';
import './events-page.css';

// The attending tab is not the first screen: its code loads when it is opened.
const AttendingEvents = lazy(() => import('./AttendingEvents').then((m) => ({ default: m.AttendingEvents })));

function AttendingFallback() {
  return (
    <div className="event-rows" role="status" aria-label="Loading events">
      {[0, 1, 2].map((index) => (
        <EventRowSkeleton key={index} />
      ))}
    </div>
  );
}

export const EVENTS_OFFLINE_TEXT = "You're offline: these are the events kept on this device. Search and filters need a connection.";

/**
 * The events list of / and /events (docs/product.md section 2).
 *
 * Two tabs: 'Find events' ('My upcoming events', then 'All Events' with filters) and 'Attending'
 * ("Events you're attending": every registered event, past ones dimmed, or 'No events yet' with
 * 'Find events'). docs/product.md names the query tab=find for the find tab; tab=attending selects the other,
 * and without a tab the find tab shows, since discovery is what members open the list for (sign-in
 * lands on /events?tab=find as well) and its carousel already shows what they attend.
 */
export function EventsScreen() {
  const { me } = useMe();
  const { view, tab, setFilters, setPage, clearFilters, setTab } = useEventsUrl();
  const canConnect = Boolean(me && isProfileComplete(me));
  const online = useOnline();

  return (
    <div className="page events-page">
      <header className="page-header events-header">
        <div>
          <h1 className="page-title">Events</h1>
          <p className="page-lead">Find events to attend and meet the people going.</p>
        </div>
        <div className="events-header-actions">
          <Link href="/assistant" className="btn btn--secondary btn--md">
            Ask the assistant
          </Link>
          {/* Community events: a meetup of the member's own, seen by their connections. */}
          <Link href="/events/create" className="btn btn--secondary btn--md events-create">
            Create event
          </Link>
        </div>
      </header>
      {!online && (
        <p className="events-offline" role="status">
          {EVENTS_OFFLINE_TEXT}
        </p>
      )}
      {me && !me.hasProAccess && <SubscriptionBanner />}
      <Tabs
        label="Event lists"
        value={tab}
        onValueChange={(value) => setTab(value === 'attending' ? 'attending' : 'find')}
        items={[
          {
            value: 'find',
            label: 'Find events',
            content: (
              <div className="events-stack">
                <MyUpcomingEvents canConnect={canConnect} />
                <RecommendationsSlot />
                <DiscoverySection view={view} canConnect={canConnect} onFiltersChange={setFilters} onClearFilters={clearFilters} onPageChange={setPage} />
              </div>
            ),
          },
          {
            value: 'attending',
            label: 'Attending',
            content: (
              <Suspense fallback={<AttendingFallback />}>
                <AttendingEvents />
              </Suspense>
            ),
          },
        ]}
      />
    </div>
  );
}
