import type { QueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { formatDate, formatTime, isSameLocalDay } from '../../../lib/dates';
import { storedAnswers } from '../../../lib/stored-answers';
import { freshnessOf, type Freshness } from '../freshness';
import { onStoredAnswersSettled } from '../late-answers';
import './freshness.css';

/** 'Updating…' shows only once the answers have been outstanding this long: a quick refresh says nothing. */
export const UPDATING_DELAY_MS = 1000;
/** How often the line looks at the time again (data grows old without any query event). */
const TICK_MS = 30_000;

export const UPDATING_TEXT = 'Updating…';

/** 'Last updated 2:32 PM' (the time of the data, not of the tap); with the day when it is not today. */
export function lastUpdatedText(since: number, now: number): string {
  const at = new Date(since);
  return `Last updated ${isSameLocalDay(at, new Date(now)) ? formatTime(at) : `${formatDate(at)} ${formatTime(at)}`}`;
}

/**
 * The quiet line that says how fresh the screen is (docs/product.md, 'Freshness'): nothing while it
 * is; 'Updating…' while answers are outstanding for more than a second; 'Last updated {time}' with
 * Retry when the last refresh failed or what is shown is older than a few minutes. Never a spinner
 * over content that is already there.
 */
export function FreshnessLine({ client }: { client: QueryClient }) {
  const [{ freshness, now }, setSeen] = useState<{ freshness: Freshness; now: number }>({ freshness: { kind: 'fresh' }, now: 0 });
  const [updatingShown, setUpdatingShown] = useState(false);

  useEffect(() => {
    const cache = client.getQueryCache();
    let frame = 0;
    let updatingTimer: ReturnType<typeof setTimeout> | undefined;
    const read = () => {
      frame = 0;
      const at = Date.now();
      const next = freshnessOf(cache.getAll(), storedAnswers, at);
      setSeen({ freshness: next, now: at });
      if (next.kind !== 'updating') {
        clearTimeout(updatingTimer);
        updatingTimer = undefined;
        setUpdatingShown(false);
      } else {
        updatingTimer ??= setTimeout(() => setUpdatingShown(true), UPDATING_DELAY_MS);
      }
    };
    // Many events come in a burst (a screen's queries): read once per frame.
    const soon = () => {
      if (frame === 0) frame = requestAnimationFrame(read);
    };
    const unsubscribe = cache.subscribe(soon);
    const stopSettled = onStoredAnswersSettled(soon);
    soon();
    const tick = setInterval(read, TICK_MS);
    return () => {
      unsubscribe();
      stopSettled();
      clearInterval(tick);
      clearTimeout(updatingTimer);
      cancelAnimationFrame(frame);
    };
  }, [client]);

  if (freshness.kind === 'updating') {
    return updatingShown ? (
      <p className="freshness-line" role="status">
        {UPDATING_TEXT}
      </p>
    ) : null;
  }
  if (freshness.kind === 'fresh') return null;
  return (
    <p className="freshness-line" role="status">
      <span>{lastUpdatedText(freshness.since, now)}</span>
      <button type="button" className="freshness-retry" onClick={() => void client.refetchQueries({ type: 'active' })}>
        Retry
      </button>
    </p>
  );
}
