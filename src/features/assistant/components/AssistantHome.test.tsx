import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { ChatDetail } from '../../../../contract/chat';
import { renderWithProviders } from '../../../test/render';
import { stubApiPerFile } from '../../../test/stub-api-per-file';
import { AssistantHome } from './AssistantHome';

/** /assistant against a stub API: the journeys, the chat list and its states, a journey started from a link. */

const api = stubApiPerFile();

const created = (journeyType: ChatDetail['journeyType'], eventId: string | null = null): ChatDetail => ({
  id: 'c9',
  journeyType,
  eventId,
  title: 'Prepare: Summit',
  selectedEventId: eventId,
  selectedEventName: 'Summit',
  createdAt: '2026-11-25T10:00:00.000Z',
  updatedAt: '2026-11-25T10:00:00.000Z',
  archivedPages: 0,
  assistant: 'basic',
  messages: [],
});

describe('the assistant home', () => {
  it('lists the chats, newest first as the server sends them, each linking to its chat', async () => {
    api.on('GET /api/chat', {
      status: 200,
      body: {
        chats: [
          { ...created('DISCOVER_EVENTS'), id: 'c2', title: 'AI meetups in Stockholm' },
          { ...created('FOLLOW_UP'), id: 'c1', title: 'Follow up: Summit' },
        ],
      },
    });
    renderWithProviders(<AssistantHome />);
    const link = await screen.findByRole('link', { name: /AI meetups in Stockholm/ });
    expect(link.getAttribute('href')).toBe('/assistant/c2');
    expect(screen.getByRole('link', { name: /Follow up: Summit/ }).textContent).toContain('Follow up after an event');
  });

  it('says when there are no chats, and when they could not be loaded (with Retry)', async () => {
    api.on('GET /api/chat', { status: 200, body: { chats: [] } });
    const { unmount } = renderWithProviders(<AssistantHome />);
    expect(await screen.findByText('No chats yet')).toBeTruthy();
    unmount();
    api.on('GET /api/chat', { status: 500, body: { error: 'Internal server error' } });
    renderWithProviders(<AssistantHome />);
    expect(await screen.findByText('Error loading chats')).toBeTruthy();
    api.on('GET /api/chat', { status: 200, body: { chats: [] } });
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('No chats yet')).toBeTruthy();
  });

  it('starts a chat by journey with one of the three buttons', async () => {
    api.on('GET /api/chat', { status: 200, body: { chats: [] } });
    api.on('POST /api/chat', { status: 201, body: created('DISCOVER_EVENTS') });
    renderWithProviders(<AssistantHome />);
    const buttons = ['Discover events', 'Prepare for an event', 'Follow up after an event'].map((name) =>
      screen.getByRole('button', { name: new RegExp(`^${name}`) }),
    );
    expect(buttons).toHaveLength(3);
    fireEvent.click(buttons[0]!);
    await waitFor(() => expect(api.requests.find((r) => r.method === 'POST')?.body).toEqual({ journeyType: 'DISCOVER_EVENTS' }));
    await waitFor(() => expect(window.location.pathname).toBe('/assistant/c9'));
  });

  it("starts the journey a link asks for (the event detail's 'Prepare with the assistant'), once, and shows a refusal", async () => {
    api.on('GET /api/chat', { status: 200, body: { chats: [] } });
    api.on('POST /api/chat', { status: 403, body: { error: 'You can only do this for an event you attend', code: 'NOT_ATTENDING', field: 'eventId' } });
    renderWithProviders(<AssistantHome start={{ journeyType: 'PREPARE_FOR_EVENT', eventId: 'e1' }} />);
    expect((await screen.findByRole('alert')).textContent).toBe('You can only do this for an event you attend');
    expect(api.requests.filter((r) => r.method === 'POST').map((r) => r.body)).toEqual([{ journeyType: 'PREPARE_FOR_EVENT', eventId: 'e1' }]);
  });
});
