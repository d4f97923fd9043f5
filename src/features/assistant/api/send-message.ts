import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useRef, useState } from 'react';
import type { ChatDetail, ChatMessage } from '../../../../contract/chat';
import { API_PREFIX, ApiError, noAnswerError } from '../../../lib/api-client';
import { discardFirstScreenAnswers } from '../../../lib/first-screen-data';
import { SseReader } from '../sse';
import { assistantKeys } from './keys';

/**
 * POST chat/{id}/gpt-message {content}: the member's message and the assistant's answer, read
 * from the server-sent event stream as it is written (fetch + ReadableStream). The stored
 * messages go into the chat's cached answer as they arrive; `streaming` holds the text so far.
 */
export async function streamAnswer(
  chatId: string,
  content: string,
  handlers: { onUser(message: ChatMessage): void; onDelta(text: string): void; onDone(message: ChatMessage): void; onError(error: string): void },
  signal?: AbortSignal,
): Promise<void> {
  discardFirstScreenAnswers();
  let response: Response;
  try {
    response = await fetch(`${API_PREFIX}chat/${encodeURIComponent(chatId)}/gpt-message`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'text/event-stream' },
      body: JSON.stringify({ content }),
      credentials: 'include',
      signal,
    });
  } catch (error) {
    if (signal?.aborted) throw error;
    throw noAnswerError();
  }
  if (!response.ok || !response.body) {
    let body: unknown = null;
    try {
      body = await response.json();
    } catch {
      // No readable body: ApiError says 'A server error occurred.'
    }
    throw new ApiError(response.ok ? 0 : response.status, body);
  }
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  const sse = new SseReader();
  let finished = false;
  try {
    for (;;) {
      const { value, done } = await reader.read();
      if (done) break;
      for (const event of sse.push(value)) {
        if (event.event === 'user') handlers.onUser(event.data);
        else if (event.event === 'delta') handlers.onDelta(event.data.text);
        else if (event.event === 'error') handlers.onError(event.data.error);
        else if (event.event === 'done') {
          finished = true;
          handlers.onDone(event.data);
        }
      }
    }
  } catch (error) {
    if (signal?.aborted) throw error;
    throw noAnswerError();
  }
  if (!finished) throw noAnswerError();
}

export interface SendState {
  /** The answer's text so far, while it is being written. */
  streaming: string | null;
  /** The member's message as sent, until the server has stored it. */
  pending: string | null;
  sending: boolean;
  error: ApiError | null;
}

export function useSendMessage(chatId: string) {
  const client = useQueryClient();
  const [state, setState] = useState<SendState>({ streaming: null, pending: null, sending: false, error: null });
  const busy = useRef(false);

  const append = useCallback(
    (message: ChatMessage) => {
      client.setQueryData<ChatDetail>(assistantKeys.chat(chatId), (chat) =>
        chat && !chat.messages.some((m) => m.id === message.id) ? { ...chat, messages: [...chat.messages, message] } : chat,
      );
    },
    [client, chatId],
  );

  const send = useCallback(
    async (content: string): Promise<boolean> => {
      if (busy.current) return false;
      busy.current = true;
      setState({ streaming: null, pending: content, sending: true, error: null });
      try {
        await streamAnswer(chatId, content, {
          onUser: (message) => {
            append(message);
            setState((s) => ({ ...s, pending: null, streaming: '' }));
          },
          onDelta: (text) => setState((s) => ({ ...s, streaming: (s.streaming ?? '') + text })),
          // The answer that follows says so in the chat; nothing more to show here.
          onError: () => undefined,
          onDone: (message) => {
            append(message);
            setState((s) => ({ ...s, streaming: null }));
          },
        });
        setState({ streaming: null, pending: null, sending: false, error: null });
        return true;
      } catch (error) {
        setState({ streaming: null, pending: null, sending: false, error: error instanceof ApiError ? error : new ApiError(0, null) });
        return false;
      } finally {
        busy.current = false;
        void client.invalidateQueries({ queryKey: assistantKeys.chats() });
        void client.invalidateQueries({ queryKey: assistantKeys.chat(chatId) });
      }
    },
    [append, chatId, client],
  );

  return { ...state, send };
}
