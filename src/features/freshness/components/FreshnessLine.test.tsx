import { QueryObserver, type QueryClient } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { STORED_ANSWER_HEADER } from '../../../../contract/sw-messages';
import { LATE_ANSWER_MESSAGE, STORED_FAILED, STORED_WAITING, type LateAnswerOutcome } from '../../../../contract/late-answers';
import { createQueryClient } from '../../../lib/query-client';
import { noteAnswer, storedAnswers } from '../../../lib/stored-answers';
import { OLD_AFTER_MS, STORED_FRESH_MS } from '../freshness';
import { settleLateAnswer } from '../late-answers';
import { FreshnessLine, lastUpdatedText, UPDATING_DELAY_MS, UPDATING_TEXT } from './FreshnessLine';

/*
 * The freshness line as a member sees it, over a real query cache: nothing on a fresh screen,
 * 'Updating…' once answers have been outstanding for a second, 'Last updated {time}' with Retry for
 * a stored copy from the worker, a failed refresh or old data.
 */

const NOW = new Date('2026-11-28T14:40:00Z').getTime();
let client: QueryClient;
const unsubscribes: Array<() => void> = [];

/** A query a screen watches, answered by `fetcher`. */
function watched(key: string, fetcher: () => Promise<unknown>) {
  const observer = new QueryObserver(client, { queryKey: [key], queryFn: fetcher, retry: false, staleTime: 0 });
  unsubscribes.push(observer.subscribe(() => {}));
  return observer;
}

const EVENTS_URL = 'https://mingle.example/api/events';

/** The answer to GET `url` as the api client notes it: from the worker's copy when `headers` say so. */
function noteAnswerTo(url: string, headers: Record<string, string>) {
  const response = new Response('[]', { headers });
  Object.defineProperty(response, 'url', { value: url });
  noteAnswer(response);
}

const settle = (url: string, outcome: LateAnswerOutcome) => act(() => settleLateAnswer({ type: LATE_ANSWER_MESSAGE, url, outcome }));

const advance = (ms: number) => act(async () => void (await vi.advanceTimersByTimeAsync(ms)));

beforeEach(() => {
  storedAnswers.clear();
  vi.useFakeTimers({ now: NOW });
  client = createQueryClient();
});
afterEach(() => {
  for (const unsubscribe of unsubscribes.splice(0)) unsubscribe();
  cleanup();
  client.clear();
  vi.useRealTimers();
});

describe('the freshness line', () => {
  it('says nothing for fresh data, nor for a refresh that answers within a second', async () => {
    render(<FreshnessLine client={client} />);
    watched('events', async () => ['Nordic Tech Summit']);
    await advance(10);
    expect(screen.queryByRole('status')).toBeNull();
    void client.refetchQueries({ type: 'active' });
    await advance(UPDATING_DELAY_MS - 200);
    expect(screen.queryByRole('status')).toBeNull();
  });

  it("says 'Updating…' while a refresh of data on screen is outstanding for more than a second", async () => {
    render(<FreshnessLine client={client} />);
    let answer: (value: unknown) => void = () => {};
    let first = true;
    watched('events', () => (first ? ((first = false), Promise.resolve(['old'])) : new Promise((resolve) => (answer = resolve))));
    await advance(10);
    void client.refetchQueries({ type: 'active' });
    // The cache's news is read once per frame, then the second passes.
    await advance(50);
    expect(screen.queryByRole('status')).toBeNull();
    await advance(UPDATING_DELAY_MS);
    expect(screen.getByRole('status').textContent).toBe(UPDATING_TEXT);
    act(() => answer(['new']));
    await advance(50);
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('names the time of a stored copy the worker gave, not of the tap, and Retry asks again', async () => {
    const storedAt = NOW - 2 * 60 * 60_000;
    const fetcher = vi.fn(async () => {
      // The worker's stored copy, as the api client notes it; the Retry's answer is live.
      noteAnswerTo(EVENTS_URL, fetcher.mock.calls.length === 1 ? { [STORED_ANSWER_HEADER]: STORED_FAILED, Date: new Date(storedAt).toUTCString() } : {});
      return ['Nordic Tech Summit'];
    });
    render(<FreshnessLine client={client} />);
    watched('events', fetcher);
    await advance(50);
    const line = screen.getByRole('status');
    expect(line.textContent).toContain(lastUpdatedText(storedAt, NOW));
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    await advance(50);
    expect(fetcher).toHaveBeenCalledTimes(2);
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('takes a stored copy the network answered moments ago as fresh', async () => {
    render(<FreshnessLine client={client} />);
    watched('events', async () => {
      noteAnswerTo(EVENTS_URL, { [STORED_ANSWER_HEADER]: STORED_FAILED, Date: new Date(NOW - STORED_FRESH_MS / 2).toUTCString() });
      return { events: [] };
    });
    await advance(50);
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('names the time of the data shown when its refresh failed, and when it grew old', async () => {
    render(<FreshnessLine client={client} />);
    let fail = false;
    watched('feed', async () => {
      if (fail) throw new Error("Can't reach Mingle.");
      return ['Ada joined'];
    });
    await advance(10);
    expect(screen.queryByRole('status')).toBeNull();
    fail = true;
    void client.refetchQueries({ type: 'active' });
    await advance(50);
    expect(screen.getByRole('status').textContent).toContain(lastUpdatedText(NOW, NOW + 50));

    fail = false;
    await act(() => client.refetchQueries({ type: 'active' }));
    await advance(50);
    expect(screen.queryByRole('status')).toBeNull();
    await advance(OLD_AFTER_MS + 30_000);
    expect(screen.getByRole('status').textContent).toContain('Last updated');
  });

  it("says 'Updating…' while the worker awaits the network's answer to a copy it gave, and stops when it comes", async () => {
    render(<FreshnessLine client={client} />);
    const storedAt = NOW - 10 * 60_000;
    watched('events', async () => {
      noteAnswerTo(EVENTS_URL, { [STORED_ANSWER_HEADER]: STORED_WAITING, Date: new Date(storedAt).toUTCString() });
      return ['Nordic Tech Summit'];
    });
    await advance(UPDATING_DELAY_MS + 50);
    expect(screen.getByRole('status').textContent).toBe(UPDATING_TEXT);
    settle('https://mingle.example/api/feed', 'same');
    await advance(50);
    expect(screen.getByRole('status').textContent).toBe(UPDATING_TEXT);
    settle(EVENTS_URL, 'same');
    await advance(50);
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('names the time of a copy whose late answer from the network failed', async () => {
    render(<FreshnessLine client={client} />);
    const storedAt = NOW - 10 * 60_000;
    watched('events', async () => {
      noteAnswerTo(EVENTS_URL, { [STORED_ANSWER_HEADER]: STORED_WAITING, Date: new Date(storedAt).toUTCString() });
      return ['Nordic Tech Summit'];
    });
    await advance(UPDATING_DELAY_MS + 50);
    settle(EVENTS_URL, 'failed');
    await advance(50);
    expect(screen.getByRole('status').textContent).toContain(lastUpdatedText(storedAt, NOW));
  });

  it('says the day when the data is from another day', () => {
    expect(lastUpdatedText(NOW - 36 * 60 * 60_000, NOW)).toMatch(/^Last updated \w{3} \d{1,2}, \d{4} \d{1,2}:\d{2} [AP]M$/);
    expect(lastUpdatedText(NOW - 60 * 60_000, NOW)).toMatch(/^Last updated \d{1,2}:\d{2} [AP]M$/);
  });
});
