import { useState } from 'react';
import { errorMessage } from '../../../lib/api-client';
import { Button } from '../../../ui/Button';
import { Dialog } from '../../../ui/Dialog';
import { Spinner } from '../../../ui/Spinner';
import { toast, type ToastInput } from '../../../ui/toast-store';
import { useCalendarFeed } from '../api/get-calendar-feed';
import { useRotateCalendarFeed } from '../api/rotate-calendar-feed';
import { webcalUrl } from '../feed-links';
import '../../../ui/field.css';
import './calendar-feed.css';

export const FEED_LINK_COPIED_TOAST: ToastInput = {
  title: 'Link copied!',
  description: "Paste it where your calendar app adds a calendar 'from URL' or 'by subscription'.",
};
export const FEED_COPY_FAILED_TOAST: ToastInput = {
  title: 'Could not copy the link',
  description: 'Select the link in the box and copy it yourself.',
  variant: 'destructive',
};
export const FEED_RESET_TOAST: ToastInput = { title: 'New calendar link', description: 'The old link no longer works.' };
export const FEED_RESET_FAILED_TOAST: ToastInput = { title: 'Error', description: 'Failed to reset the link. Please try again.', variant: 'destructive' };

const DESCRIPTION =
  'Your calendar app shows the events you register for and keeps them up to date. The link is private: anyone who has it sees your upcoming events, never your contacts.';

/**
 * The calendar feed: open it in a calendar app (webcal://), copy its https URL, or reset it. The
 * default export is what React.lazy loads.
 */
export default function CalendarFeedDialog({ onClose }: { onClose: () => void }) {
  const feed = useCalendarFeed();
  const rotate = useRotateCalendarFeed();
  const [confirmingReset, setConfirmingReset] = useState(false);

  const copy = async (url: string) => {
    try {
      await navigator.clipboard.writeText(url);
      toast(FEED_LINK_COPIED_TOAST);
    } catch {
      toast(FEED_COPY_FAILED_TOAST);
    }
  };

  const reset = () =>
    rotate.mutate(undefined, {
      onSuccess: () => {
        setConfirmingReset(false);
        toast(FEED_RESET_TOAST);
      },
      onError: () => toast(FEED_RESET_FAILED_TOAST),
    });

  if (confirmingReset) {
    return (
      <Dialog
        open
        onClose={() => setConfirmingReset(false)}
        title="Reset calendar link?"
        description="The old link stops working at once: calendars subscribed with it stop getting your events. Subscribe again with the new link."
      >
        <div className="calendar-feed-body">
          <div className="calendar-feed-actions">
            <Button variant="secondary" onClick={() => setConfirmingReset(false)}>
              Cancel
            </Button>
            <Button variant="danger" loading={rotate.isPending} onClick={reset}>
              Reset link
            </Button>
          </div>
        </div>
      </Dialog>
    );
  }

  return (
    <Dialog open onClose={onClose} title="Subscribe to my events" description={DESCRIPTION}>
      <div className="calendar-feed-body">
        {feed.isPending ? (
          <Spinner label="Loading your calendar link" />
        ) : feed.isError ? (
          <>
            <p className="calendar-feed-note" role="alert">
              {errorMessage(feed.error)}
            </p>
            <Button variant="secondary" loading={feed.isFetching} onClick={() => void feed.refetch()}>
              Retry
            </Button>
          </>
        ) : (
          <>
            <a className="btn btn--primary btn--md btn--block" href={webcalUrl(feed.data.url)}>
              Open in calendar app
            </a>
            <Button variant="secondary" block onClick={() => void copy(feed.data.url)}>
              Copy link
            </Button>
            <input
              className="input calendar-feed-url"
              readOnly
              value={feed.data.url}
              aria-label="Calendar link"
              onFocus={(event) => event.currentTarget.select()}
            />
          </>
        )}
        <div className="calendar-feed-actions">
          {feed.isSuccess && (
            <Button variant="ghost" onClick={() => setConfirmingReset(true)}>
              Reset link
            </Button>
          )}
          <Button variant="secondary" onClick={onClose}>
            Done
          </Button>
        </div>
      </div>
    </Dialog>
  );
}
