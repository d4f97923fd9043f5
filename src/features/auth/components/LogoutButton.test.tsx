import 'fake-indexeddb/auto';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { STORAGE_KEYS, outboxQueuedKey } from '../../../lib/storage-keys';
import { createOutbox, type Outbox } from '../../../offline/outbox';
import { goalMutation } from '../../../offline/mutations/goal';
import { swipeMutation } from '../../../offline/mutations/swipe';
import { OutboxContext } from '../../../offline/outbox-context';
import { makeMe } from '../../../test/fixtures';
import { outboxPerTest, type DeviceOutbox } from '../../../test/outbox-per-test';
import { renderWithProviders } from '../../../test/render';
import { openPage } from '../../../test/stub-api';
import { stubApiPerFile } from '../../../test/stub-api-per-file';
import { LogoutButton } from './LogoutButton';

const api = stubApiPerFile();
const device = outboxPerTest('u1');

beforeEach(() => {
  openPage(api, '/profile');
  api.on('GET /api/users/me', { status: 200, body: makeMe() });
  api.on('POST /api/oauth/logout', { status: 204 });
  // What the app keeps for this member: the persisted query cache and the "work waiting" flag.
  localStorage.setItem(STORAGE_KEYS.queryCache, '{"buster":"dev"}');
});

const render = (provided: Outbox | null = device.outbox) =>
  renderWithProviders(
    <OutboxContext value={provided}>
      <LogoutButton userId="u1" />
    </OutboxContext>,
  );

const logoutRequests = () => api.requests.filter((r) => r.method === 'POST' && r.path === '/api/oauth/logout');
const logOut = () => fireEvent.click(screen.getByRole('button', { name: 'Log out' }));

/** Two swipes and a goal edit made offline; the goal was refused by the server. */
async function queueChanges({ outbox, db }: DeviceOutbox) {
  await outbox.enqueue(swipeMutation, { eventId: 'e1', toUserId: 'c1', direction: 'right' });
  await outbox.enqueue(swipeMutation, { eventId: 'e1', toUserId: 'c2', direction: 'left' });
  const goal = await outbox.enqueue(goalMutation, { eventId: 'e1', goal: 'Meet founders' });
  await db.outbox.update(goal.id, { state: 'failed', lastError: 'Forbidden', failureStatus: 403 });
  localStorage.setItem(outboxQueuedKey(outbox.userId), '1');
}

describe('Log out', () => {
  it('with nothing waiting, logs out at once and removes the persisted cache', async () => {
    render();
    logOut();
    expect(await screen.findByText('Logged out successfully')).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(logoutRequests()).toHaveLength(1);
    expect(localStorage.getItem(STORAGE_KEYS.queryCache)).toBeNull();
    expect(window.location.pathname).toBe('/auth/login');
  });

  it('with changes waiting or failed, asks first; Cancel keeps the session and the changes', async () => {
    await queueChanges(device);
    render();
    logOut();
    const dialog = await screen.findByRole('dialog', { name: 'Discard changes and log out?' });
    expect(dialog.textContent).toContain('3 changes have not reached the server yet. Logging out now discards them.');
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(logoutRequests()).toHaveLength(0);
    expect(await device.outbox.pendingCount()).toBe(2);
    expect(await device.outbox.failed()).toHaveLength(1);
    expect(localStorage.getItem(STORAGE_KEYS.queryCache)).not.toBeNull();
  });

  it("confirming logs out and deletes this member's changes, not another member's", async () => {
    await queueChanges(device);
    const other = createOutbox({ userId: 'u2', db: device.db });
    await other.enqueue(swipeMutation, { eventId: 'e1', toUserId: 'c9', direction: 'right' });
    render();
    logOut();
    fireEvent.click(await screen.findByRole('button', { name: 'Discard and log out' }));
    expect(await screen.findByText('Logged out successfully')).toBeTruthy();
    expect(logoutRequests()).toHaveLength(1);
    expect(await device.outbox.pendingCount()).toBe(0);
    expect(await device.outbox.failed()).toHaveLength(0);
    expect(await other.pendingCount()).toBe(1);
    expect(localStorage.getItem(outboxQueuedKey('u1'))).toBeNull();
    expect(localStorage.getItem(STORAGE_KEYS.queryCache)).toBeNull();
  });

  it('says it in the singular for one change', async () => {
    await device.outbox.enqueue(swipeMutation, { eventId: 'e1', toUserId: 'c1', direction: 'right' });
    render();
    logOut();
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain('1 change has not reached the server yet. Logging out now discards it.');
  });

  it('when the server cannot log out, the member stays signed in with their changes', async () => {
    api.on('POST /api/oauth/logout', { status: 500, body: { error: 'A server error occurred.' } });
    await queueChanges(device);
    render();
    logOut();
    fireEvent.click(await screen.findByRole('button', { name: 'Discard and log out' }));
    expect(await screen.findByText('A server error occurred.')).toBeTruthy();
    expect(await device.outbox.pendingCount()).toBe(2);
    expect(localStorage.getItem(STORAGE_KEYS.queryCache)).not.toBeNull();
  });

  it('warns also before the app has loaded the outbox', async () => {
    // The app's own database, as the outbox would find it at start.
    const stored = createOutbox({ userId: 'u1' });
    await stored.enqueue(swipeMutation, { eventId: 'e1', toUserId: 'c1', direction: 'right' });
    render(null);
    logOut();
    expect((await screen.findByRole('dialog')).textContent).toContain('1 change has not reached the server yet.');
    fireEvent.click(screen.getByRole('button', { name: 'Discard and log out' }));
    expect(await screen.findByText('Logged out successfully')).toBeTruthy();
    expect(await stored.pendingCount()).toBe(0);
  });
});
