import { useEffect, useRef } from 'react';
import { Link } from 'wouter';
import { errorMessage } from '../../../lib/api-client';
import { Button } from '../../../ui/Button';
import { EmptyState } from '../../../ui/EmptyState';
import { ActivityIcon } from '../../../ui/icons';
import { Spinner } from '../../../ui/Spinner';
import { useFeed } from '../api/get-feed';
import { isActivityShown } from '../feed-rules';
import { FeedItem } from './FeedItem';
import './feed.css';

/** How far below the screen the next page starts loading, so scrolling rarely waits. */
const PRELOAD_MARGIN = '600px';

/**
 * /feed (docs/product.md section 2): 'Your feed', the 'Your connections' button and the member's network
 * activity, newest first; the next page loads as the end of the list comes near.
 */
export function FeedScreen() {
  const feed = useFeed();
  const { hasNextPage, isFetchingNextPage, isFetchNextPageError, fetchNextPage } = feed;
  // Read at each render: a feed opened from the cache days later words its events for today.
  const now = new Date();
  const activities = (feed.data?.pages ?? []).flatMap((page) => page.activities).filter((a) => isActivityShown(a, now));

  const sentinel = useRef<HTMLDivElement>(null);
  const canLoadMore = hasNextPage && !isFetchingNextPage && !isFetchNextPageError;
  useEffect(() => {
    const target = sentinel.current;
    if (!target || !canLoadMore || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) void fetchNextPage();
      },
      { rootMargin: PRELOAD_MARGIN },
    );
    observer.observe(target);
    return () => observer.disconnect();
  }, [canLoadMore, fetchNextPage]);

  let body;
  if (feed.isPending) body = <Spinner label="Loading your feed" />;
  else if (feed.isError && !feed.data)
    body = (
      <EmptyState
        title="Error loading feed"
        action={
          <Button onClick={() => void feed.refetch()} loading={feed.isFetching}>
            Retry
          </Button>
        }
      >
        {errorMessage(feed.error)}
      </EmptyState>
    );
  else if (activities.length === 0 && !hasNextPage)
    body = (
      <EmptyState
        icon={<ActivityIcon />}
        title="Your network activity will appear here."
        action={
          <Link href="/events?tab=find" className="btn btn--primary btn--md">
            Browse events
          </Link>
        }
      />
    );
  else
    body = (
      <>
        <ol className="feed-list">
          {activities.map((activity) => (
            <li key={activity.id}>
              <FeedItem activity={activity} now={now} />
            </li>
          ))}
        </ol>
        <div ref={sentinel} className="feed-more">
          {isFetchingNextPage && <Spinner label="Loading more activity" />}
          {isFetchNextPageError && (
            <p className="feed-more-error" role="alert">
              Could not load more activity. {errorMessage(feed.error)}
            </p>
          )}
          {hasNextPage && !isFetchingNextPage && (
            <Button variant="secondary" size="sm" onClick={() => void fetchNextPage()}>
              {isFetchNextPageError ? 'Retry' : 'Show more'}
            </Button>
          )}
        </div>
      </>
    );

  return (
    <div className="page feed-page">
      <header className="page-header feed-header">
        <h1 className="page-title">Your feed</h1>
        <Link href="/connections" className="btn btn--secondary btn--sm">
          Your connections
        </Link>
      </header>
      {body}
    </div>
  );
}
