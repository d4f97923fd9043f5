import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import type { Meeting } from '../../../../contract/meetings';
import { errorMessage } from '../../../lib/api-client';
import { Button } from '../../../ui/Button';
import { EmptyState } from '../../../ui/EmptyState';
import { Spinner } from '../../../ui/Spinner';
import type { ShownMeeting } from '../meetings-shown';
import { useMeetingsOverlay } from '../use-shown-meetings';
import { MeetingSections } from './MeetingSections';

interface Props {
  query: UseQueryResult<Meeting[]>;
  shown: ShownMeeting[] | undefined;
  showEvent: boolean;
  empty: ReactNode;
}

/** A meetings list with its loading, error and empty states. */
export function MeetingsListState({ query, shown, showEvent, empty }: Props) {
  const { settled, outbox } = useMeetingsOverlay();
  if (query.isPending || !settled) return <Spinner label="Loading meetings" />;
  if (query.isError && !shown?.length)
    return (
      <EmptyState
        title="Error loading meetings"
        action={
          <Button onClick={() => void query.refetch()} loading={query.isFetching}>
            Retry
          </Button>
        }
      >
        {errorMessage(query.error)}
      </EmptyState>
    );
  if (!shown?.length) return <>{empty}</>;
  return (
    <>
      {query.isError && (
        // Offline before the list was ever read: what this device holds (its requests) still shows.
        <p className="meeting-form-note" role="status">
          {errorMessage(query.error)}{' '}
          <Button variant="link" onClick={() => void query.refetch()}>
            Retry
          </Button>
        </p>
      )}
      <MeetingSections meetings={shown} showEvent={showEvent} onDismiss={outbox ? (id) => void outbox.discard(id) : null} />
    </>
  );
}
