import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ChatDetail, ChatMessage } from '../../../../contract/chat';
import { renderWithProviders } from '../../../test/render';
import { stubApiPerFile } from '../../../test/stub-api-per-file';
import { ChatView } from './ChatView';

/** One chat against a stub API: the basic label, streaming text, event cards, chips, delete. */

const api = stubApiPerFile();
const realFetch = globalThis.fetch;
afterEach(() => {
  globalThis.fetch = realFetch;
});

const message = (id: string, role: 'USER' | 'ASSISTANT', content: string, metadata: ChatMessage['metadata'] = {}): ChatMessage => ({
  id,
  role,
  content,
  metadata,
  createdAt: '2026-11-25T10:00:00.000Z',
});

const chat: ChatDetail = {
  id: 'c1',
  journeyType: 'DISCOVER_EVENTS',
  eventId: null,
  title: 'Discover events',
  selectedEventId: null,
  selectedEventName: null,
  createdAt: '2026-11-25T10:00:00.000Z',
  updatedAt: '2026-11-25T10:00:00.000Z',
  archivedPages: 0,
  assistant: 'basic',
  messages: [message('m1', 'ASSISTANT', 'Tell me what you are looking for.', { basic: true, chips: ['Events this week'] })],
};

/** A streamed gpt-message answer whose pieces the test releases one by one. */
function streamingFetch() {
  const encoder = new TextEncoder();
  let push: (text: string) => void = () => undefined;
  let end: () => void = () => undefined;
  const sent: { url: string; body: unknown }[] = [];
  globalThis.fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    if (!url.includes('/gpt-message')) return realFetch(input, init);
    sent.push({ url, body: JSON.parse(String(init?.body)) });
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        push = (text) => controller.enqueue(encoder.encode(text));
        end = () => controller.close();
      },
    });
    return new Response(body, { status: 200, headers: { 'Content-Type': 'text/event-stream' } });
  }) as typeof fetch;
  const event = (name: string, data: unknown) => push(`event: ${name}\ndata: ${JSON.stringify(data)}\n\n`);
  return { sent, event, end: () => end() };
}

describe('a chat', () => {
  it('labels the basic assistant, shows the answer as it is written, then its event cards', async () => {
    api.on('GET /api/chat/c1', { status: 200, body: chat });
    const stream = streamingFetch();
    renderWithProviders(<ChatView chatId="c1" />);
    expect(await screen.findByText('Basic assistant: no AI model is configured on this server')).toBeTruthy();
    await waitFor(() => expect(document.title).toBe('Discover events · Assistant · Mingle'));

    // A quick reply sends its text.
    fireEvent.click(screen.getByRole('button', { name: 'Events this week' }));
    await waitFor(() => expect(stream.sent).toHaveLength(1));
    expect(stream.sent[0]!.body).toEqual({ content: 'Events this week' });
    stream.event('user', message('m2', 'USER', 'Events this week'));
    stream.event('delta', { text: 'I found 2 events' });
    const log = screen.getByRole('log', { name: 'Messages' });
    await waitFor(() => expect(log.textContent).toContain('I found 2 events'));
    expect(within(log).queryByRole('list', { name: 'Events' })).toBeNull();
    stream.event('delta', { text: ' this week:' });
    await waitFor(() => expect(log.textContent).toContain('I found 2 events this week:'));

    const answer = message('m3', 'ASSISTANT', 'I found 2 events this week:', {
      basic: true,
      chips: ['Events next month'],
      events: [
        {
          eventId: 'e1',
          isProOnly: false,
          locked: false,
          name: 'AI Night',
          dateTime: '2026-11-27T18:00:00.000Z',
          endDateTime: null,
          location: 'Stockholm, Sweden',
          imageUrl: null,
          blurb: null,
          reason: 'Matches "ai"',
        },
        {
          eventId: 'e2',
          isProOnly: true,
          locked: true,
          name: null,
          dateTime: '2026-11-28T18:00:00.000Z',
          endDateTime: null,
          location: 'Oslo, Norway',
          imageUrl: null,
          blurb: 'A private dinner.',
          reason: null,
        },
      ],
    });
    api.on('GET /api/chat/c1', { status: 200, body: { ...chat, messages: [...chat.messages, message('m2', 'USER', 'Events this week'), answer] } });
    stream.event('done', answer);
    stream.end();
    const cards = await screen.findByRole('list', { name: 'Events' });
    expect(within(cards).getByRole('link', { name: 'AI Night' }).getAttribute('href')).toBe('/events/e1');
    expect(within(cards).getByText('This event is for Pro users only')).toBeTruthy();
    expect(within(cards).getByRole('link', { name: 'Upgrade to view' }).getAttribute('href')).toBe('/pricing');
    // The chips of the newest answer only.
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Events this week' })).toBeNull());
    expect(screen.getByRole('button', { name: 'Events next month' })).toBeTruthy();
  });

  it('shows why a message was refused and gives the text back', async () => {
    api.on('GET /api/chat/c1', { status: 200, body: chat });
    api.on('POST /api/chat/c1/gpt-message', {
      status: 429,
      body: { error: 'Too many messages to the assistant. Please wait a moment.', code: 'RATE_LIMITED' },
    });
    renderWithProviders(<ChatView chatId="c1" />);
    const input = (await screen.findByRole('textbox', { name: 'Message the assistant' })) as HTMLTextAreaElement;
    fireEvent.change(input, { target: { value: 'fintech in Oslo' } });
    fireEvent.keyDown(input, { key: 'Enter' });
    expect((await screen.findByRole('alert')).textContent).toBe('Too many messages to the assistant. Please wait a moment.');
    expect(input.value).toBe('fintech in Oslo');
  });

  it("makes the suggested goal the member's goal for the chat's event", async () => {
    const goal = 'Meet three people working on Fintech, and leave with one concrete next step.';
    const prepare: ChatDetail = {
      ...chat,
      journeyType: 'PREPARE_FOR_EVENT',
      eventId: 'e1',
      title: 'Prepare: Payments Summit',
      messages: [message('m1', 'ASSISTANT', 'Here is how to prepare.', { basic: true, goalSuggestion: goal })],
    };
    api.on('GET /api/chat/c1', { status: 200, body: prepare });
    api.on('PATCH /api/events/e1/attendee', { status: 200, body: { goal } });
    renderWithProviders(<ChatView chatId="c1" />);
    fireEvent.click(await screen.findByRole('button', { name: 'Use as my goal' }));
    expect(await screen.findByText('Goal saved')).toBeTruthy();
    expect(api.requests.find((r) => r.method === 'PATCH')).toMatchObject({ path: '/api/events/e1/attendee', body: { goal } });
  });

  it('deletes the chat after a confirmation', async () => {
    api.on('GET /api/chat/c1', { status: 200, body: chat });
    api.on('DELETE /api/chat/c1', { status: 204 });
    renderWithProviders(<ChatView chatId="c1" />);
    fireEvent.click(await screen.findByRole('button', { name: 'Delete chat' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete chat' });
    expect(dialog.textContent).toContain('Are you sure you want to delete "Discover events"?');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(api.requests.some((r) => r.method === 'DELETE' && r.path === '/api/chat/c1')).toBe(true));
  });

  it('says when the chat does not exist', async () => {
    api.on('GET /api/chat/c1', { status: 404, body: { error: 'Chat not found' } });
    renderWithProviders(<ChatView chatId="c1" />);
    expect(await screen.findByRole('heading', { name: 'Chat not found' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to chats' }).getAttribute('href')).toBe('/assistant');
  });
});
