import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import type { Conversation, Message, MessagePage } from '../../../contract/messages';
import type { OutboxRecord } from '../../offline/db';
import { cacheConversationHidden, cacheMessage, cacheMessageState } from './api/cache-message';
import { messagesKeys } from './api/keys';
import { dayLabel, messageDays } from './message-days';
import { textParts } from './message-links';
import { lastIsQueued, messagesOverlay, shownConversations, shownMessages } from './messages-shown';

const ADA = { id: 'ada', firstName: 'Ada', lastName: 'Lovelace', imageUrl: null };
const message = (id: string, sentAt: string, changes: Partial<Message> = {}): Message => ({ id, fromMe: false, text: id, sentAt, state: 'sent', ...changes });
const record = (id: string, actedAt: string, state: 'pending' | 'failed' = 'pending', to = ADA): OutboxRecord => ({
  id: `r-${id}`,
  userId: 'me',
  kind: 'message-send',
  payload: { userId: to.id, messageId: id, text: `queued ${id}`, actedAt, to },
  createdAt: Date.parse(actedAt),
  attempts: 0,
  nextAttemptAt: 0,
  lastError: state === 'failed' ? 'You have sent 5 messages in a row: wait for an answer before you send more' : null,
  state,
});
const conversation = (changes: Partial<Conversation> = {}): Conversation => ({
  userId: ADA.id,
  with: ADA,
  lastMessage: message('m1', '2030-06-01T10:00:00.000Z'),
  unread: 1,
  updatedAt: '2030-06-01T10:00:00.000Z',
  ...changes,
});

describe('a conversation as the member sees it', () => {
  it("shows the server's messages, then this device's in the order written, waiting or refused with why", () => {
    const overlay = messagesOverlay([record('q2', '2030-06-01T10:06:00.000Z', 'failed'), record('q1', '2030-06-01T10:05:00.000Z')]);
    const shown = shownMessages([message('m1', '2030-06-01T10:00:00.000Z')], overlay.get(ADA.id));
    expect(shown.map((m) => [m.id, m.state])).toEqual([
      ['m1', 'sent'],
      ['q1', 'waiting'],
      ['q2', 'failed'],
    ]);
    expect(shown[2]!.reason).toBe('You have sent 5 messages in a row: wait for an answer before you send more');
    expect(shown[2]!.recordId).toBe('r-q2');
  });

  it('shows a message once when the server has it and its record is still being removed', () => {
    const overlay = messagesOverlay([record('m2', '2030-06-01T10:05:00.000Z')]);
    const shown = shownMessages([message('m2', '2030-06-01T10:05:00.000Z', { fromMe: true, text: 'hello' })], overlay.get(ADA.id));
    expect(shown.map((m) => [m.id, m.state, m.text])).toEqual([['m2', 'sent', 'hello']]);
  });

  it('lists a conversation new to the server from its waiting message, and puts a waiting message last in its row', () => {
    const bob = { id: 'bob', firstName: 'Bob', lastName: 'Tester', imageUrl: null };
    const overlay = messagesOverlay([record('q9', '2030-06-01T11:00:00.000Z', 'pending', bob), record('q1', '2030-06-01T10:30:00.000Z')]);
    const shown = shownConversations([conversation()], overlay);
    expect(shown.map((c) => [c.userId, c.with?.firstName, c.lastMessage?.text])).toEqual([
      ['bob', 'Bob', 'queued q9'],
      ['ada', 'Ada', 'queued q1'],
    ]);
    expect(shown.map((c) => lastIsQueued(c, overlay))).toEqual([true, true]);
    expect(lastIsQueued(conversation(), messagesOverlay([]))).toBe(false);
  });
});

describe('day separators', () => {
  const now = new Date(2030, 5, 3, 12, 0);
  it("names today, yesterday and other days, with the year only when it is not this year's", () => {
    expect(dayLabel(new Date(2030, 5, 3, 8, 0), now)).toBe('Today');
    expect(dayLabel(new Date(2030, 5, 2, 23, 59), now)).toBe('Yesterday');
    expect(dayLabel(new Date(2030, 4, 27, 9, 0), now)).toBe('Mon 27 May');
    expect(dayLabel(new Date(2029, 11, 31, 9, 0), now)).toBe('Mon 31 Dec 2029');
  });
  it('groups the messages in runs of one day, in order', () => {
    const at = (d: number, h: number) => new Date(2030, 5, d, h).toISOString();
    const days = messageDays(shownMessages([message('a', at(2, 9)), message('b', at(2, 22)), message('c', at(3, 7))], undefined), now);
    expect(days.map((d) => [d.label, d.messages.map((m) => m.id)])).toEqual([
      ['Yesterday', ['a', 'b']],
      ['Today', ['c']],
    ]);
  });
});

describe("a message's links", () => {
  it('makes web addresses links, without the punctuation that ends the sentence, and keeps all the text', () => {
    const text = 'See https://example.com/a?b=1, or www.mingle.test. Not javascript:alert(1) nor <b>bold</b>';
    const parts = textParts(text);
    expect(parts.map((p) => p.text).join('')).toBe(text);
    expect(parts.filter((p) => 'href' in p)).toEqual([
      { text: 'https://example.com/a?b=1', href: 'https://example.com/a?b=1' },
      { text: 'www.mingle.test', href: 'https://www.mingle.test' },
    ]);
  });
  it('leaves text without addresses as one part', () => {
    expect(textParts('Coffee at 3?')).toEqual([{ text: 'Coffee at 3?' }]);
  });
});

describe('the cache of the conversations', () => {
  const seeded = () => {
    const client = new QueryClient();
    client.setQueryData(messagesKeys.conversation(ADA.id), {
      pages: [
        {
          messages: [message('m1', '2030-06-01T10:00:00.000Z', { fromMe: true }), message('m2', '2030-06-01T10:01:00.000Z', { fromMe: true })],
          hasMore: false,
        },
      ],
      pageParams: [null],
    });
    client.setQueryData(messagesKeys.conversations(), [conversation({ unread: 0 })]);
    return client;
  };
  const texts = (client: QueryClient) =>
    client.getQueryData<{ pages: MessagePage[] }>(messagesKeys.conversation(ADA.id))!.pages[0]!.messages.map((m) => `${m.id}:${m.state}`);

  it('adds a new message once, in time order, and counts it unread unless the conversation is open', () => {
    const client = seeded();
    cacheMessage(client, ADA.id, message('m3', '2030-06-01T10:02:00.000Z'));
    cacheMessage(client, ADA.id, message('m3', '2030-06-01T10:02:00.000Z'));
    expect(texts(client)).toEqual(['m1:sent', 'm2:sent', 'm3:sent']);
    expect(client.getQueryData<Conversation[]>(messagesKeys.conversations())![0]).toMatchObject({ unread: 1, lastMessage: { id: 'm3' } });
    cacheMessage(client, ADA.id, message('m4', '2030-06-01T10:03:00.000Z'), { open: true });
    expect(client.getQueryData<Conversation[]>(messagesKeys.conversations())![0]).toMatchObject({ unread: 1, lastMessage: { id: 'm4' } });
  });

  it("raises the member's messages up to one to a state, never lowers one", () => {
    const client = seeded();
    cacheMessageState(client, ADA.id, 'm2', 'read');
    cacheMessageState(client, ADA.id, 'm2', 'delivered');
    expect(texts(client)).toEqual(['m1:read', 'm2:read']);
  });

  it('forgets a hidden conversation', () => {
    const client = seeded();
    cacheConversationHidden(client, ADA.id);
    expect(client.getQueryData(messagesKeys.conversations())).toEqual([]);
    expect(client.getQueryData(messagesKeys.conversation(ADA.id))).toBeUndefined();
  });
});
