import 'fake-indexeddb/auto';
import '../../../test/dompurify-happy-dom';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { goalMutation } from '../../../offline/mutations/goal';
import { OutboxContext, OutboxDemandContext, OutboxLoadContext } from '../../../offline/outbox-context';
import { outboxSummaryKey } from '../../../offline/outbox-summary';
import { watchShownText } from '../../../test/attendee-fixtures';
import { makeEventItem } from '../../../test/event-fixtures';
import { makeMe } from '../../../test/fixtures';
import { outboxPerTest } from '../../../test/outbox-per-test';
import { renderWithProviders } from '../../../test/render';
import { openPage } from '../../../test/stub-api';
import { stubApiPerFile } from '../../../test/stub-api-per-file';
import { useMe } from '../../../lib/signed-in-member';
import { EventDetailPage } from './EventDetailPage';
import { GOAL_WAITING_TEXT } from './GoalSyncState';

/** The goal editor over the member's outbox (the direct PATCH without one is in EventDetailPage.test.tsx). */

const api = stubApiPerFile();
const device = outboxPerTest();

beforeEach(() => {
  openPage(api, '/events/e1');
  api.on('GET /api/users/me', { status: 200, body: makeMe() });
  api.on('GET /api/events/e1/attendees/my-connections', { status: 200, body: [] });
  api.on('GET /api/events/e1', { status: 200, body: makeEventItem({ isRegistered: true, goal: 'Meet product leads' }) });
});

const render = () =>
  renderWithProviders(
    <OutboxLoadContext value="loading">
      <OutboxContext value={device.outbox}>
        <EventDetailPage eventId="e1" />
      </OutboxContext>
    </OutboxLoadContext>,
  );
const goals = async () => (await device.outbox.eventRecords('e1')).map((r) => (r.kind === 'goal' ? r.payload.goal : r.kind));

async function saveGoal(text: string) {
  const edit = await screen.findByRole('button', { name: 'Edit goal' });
  await waitFor(() => expect(edit.hasAttribute('disabled')).toBe(false));
  fireEvent.click(edit);
  fireEvent.change(screen.getByRole('textbox', { name: 'My goal for this event' }), { target: { value: text } });
  fireEvent.click(screen.getByRole('button', { name: 'Save' }));
}

describe('goal edits through the outbox', () => {
  it('shows the saved goal at once and that it waits to sync; nothing is sent from the page', async () => {
    render();
    await saveGoal('  Find a design partner ');
    expect(screen.getByText('Find a design partner')).toBeTruthy();
    expect(screen.queryByText('Meet product leads')).toBeNull();
    expect(await screen.findByText(GOAL_WAITING_TEXT)).toBeTruthy();
    expect(await goals()).toEqual(['Find a design partner']);
    expect(api.requests.some((r) => r.method === 'PATCH')).toBe(false);
  });

  it('edits of the event coalesce into one queued goal', async () => {
    render();
    await saveGoal('First idea');
    await waitFor(async () => expect(await goals()).toEqual(['First idea']));
    await saveGoal('Second thought');
    expect(screen.getByText('Second thought')).toBeTruthy();
    await waitFor(async () => expect(await goals()).toEqual(['Second thought']));
    expect(screen.getByText('Second thought')).toBeTruthy();
    expect(screen.queryByText('First idea')).toBeNull();
  });

  it('after a reload the queued goal is shown instead of the server’s, never the old one first', async () => {
    await device.outbox.enqueue(goalMutation, { eventId: 'e1', goal: 'Hire two engineers' });
    const shown = watchShownText();
    render();
    expect(await screen.findByText('Hire two engineers')).toBeTruthy();
    expect(screen.getByText(GOAL_WAITING_TEXT)).toBeTruthy();
    expect(shown.everShown('Meet product leads')).toBe(false);
    shown.stop();
  });

  it('an empty goal clears it, queued like any other', async () => {
    render();
    await saveGoal('   ');
    expect(await screen.findByText(/No goal yet/)).toBeTruthy();
    await waitFor(async () => expect(await goals()).toEqual(['']));
  });

  it('over the limit the counter turns red and Save is disabled, queueing nothing', async () => {
    render();
    await saveGoal('x'.repeat(501));
    expect(screen.getByText('501/500').className).toContain('field-count--over');
    expect((screen.getByRole('button', { name: 'Save' }) as HTMLButtonElement).disabled).toBe(true);
    expect(await goals()).toEqual([]);
  });

  it('still checks content first; the corrected save replaces the refusal with "Goal saved"', async () => {
    render();
    await saveGoal("'; DROP TABLE users; --");
    expect(await screen.findByText('Invalid content detected')).toBeTruthy();
    expect(await goals()).toEqual([]);

    fireEvent.change(screen.getByRole('textbox', { name: 'My goal for this event' }), { target: { value: 'Meet data engineers' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Goal saved')).toBeTruthy();
    expect(screen.queryByText('Invalid content detected')).toBeNull();
    expect(await goals()).toEqual(['Meet data engineers']);
  });
});

describe('when the outbox is asked for', () => {
  // As the app's guard does: screens show once the member is known.
  function OnceMemberKnown({ children }: { children: ReactNode }) {
    return useMe().me ? children : null;
  }
  // The outbox as the app provides it before it has loaded: 'loading', with the demand recorded.
  const renderBeforeOutbox = (demand: () => void) =>
    renderWithProviders(
      <OutboxDemandContext value={demand}>
        <OutboxLoadContext value="loading">
          <OnceMemberKnown>
            <EventDetailPage eventId="e1" />
          </OnceMemberKnown>
        </OutboxLoadContext>
      </OutboxDemandContext>,
    );

  it('with the member’s outbox known to be empty, Edit is ready at once and the outbox is asked for only when editing starts', async () => {
    localStorage.setItem(outboxSummaryKey(makeMe().id), '0');
    const demand = vi.fn();
    renderBeforeOutbox(demand);
    const edit = await screen.findByRole('button', { name: 'Edit goal' });
    expect(edit.hasAttribute('disabled')).toBe(false);
    expect(screen.getByText('Meet product leads')).toBeTruthy();
    // Not during the first screen (after-first-screen.ts holds it back for seconds after load).
    expect(demand).not.toHaveBeenCalled();
    fireEvent.click(edit);
    expect(demand).toHaveBeenCalled();
  });

  it('when the outbox may hold a queued goal, it is asked for at once and Edit waits for its answer', async () => {
    const demand = vi.fn();
    renderBeforeOutbox(demand);
    const edit = await screen.findByRole('button', { name: 'Edit goal' });
    expect(demand).toHaveBeenCalled();
    expect(edit.hasAttribute('disabled')).toBe(true);
    // The server's goal may be older than a queued one: nothing shows until the outbox answered.
    expect(screen.queryByText('Meet product leads')).toBeNull();
  });
});
