import '../test/dompurify-happy-dom';
import { screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { STORAGE_KEYS } from '../lib/storage-keys';
import { makeEventItem } from '../test/event-fixtures';
import { makeMe } from '../test/fixtures';
import { renderWithProviders } from '../test/render';
import { openPage } from '../test/stub-api';
import { stubApiPerFile } from '../test/stub-api-per-file';
import { useToastStore } from '../ui/toast-store';
import { App } from './App';

/** Who gets to /events/{id}/connect in the app (issue 4: others go back to the event with the reason). */

const api = stubApiPerFile();
beforeEach(() => {
  localStorage.setItem(STORAGE_KEYS.cookieConsent, 'essential');
  api.on(`GET /api/events/e1`, { status: 200, body: makeEventItem({ isRegistered: true }) });
  api.on('GET /api/events/e1/attendees/my-connections', { status: 200, body: [] });
});

describe('/events/{id}/connect', () => {
  it('sends a registered member without role or story back to the event with the reason', async () => {
    api.on('GET /api/users/me', { status: 200, body: makeMe({ role: null, story: null }) });
    openPage(api, '/events/e1/connect');
    renderWithProviders(<App />);
    await waitFor(() => expect(window.location.pathname).toBe('/events/e1'));
    expect(await screen.findByRole('button', { name: 'Complete Profile to Connect' })).toBeTruthy();
    expect(useToastStore.getState().toasts[0]).toMatchObject({
      title: 'Meet Attendees unavailable',
      description: 'Add your role and story to your profile to connect with attendees.',
    });
    expect(api.requests.some((r) => r.path === '/api/events/e1/attendees')).toBe(false);
  });
});
