/**
 * The AI chat assistant (docs/product.md sections 3, 7 and 18: GET/POST chat, chat/{id}, message,
 * gpt-message, select-event, journey, archived-pages, archived). Chats belong to their member
 * only: another member's chat id is answered 404 like an unknown one.
 *
 * Journeys (journeyType):
 * - DISCOVER_EVENTS: find events from a question ('AI meetups in Stockholm next month');
 * - PREPARE_FOR_EVENT: for an event the member attends that has not passed: a goal suggestion and
 *   the five attendees most worth meeting, each with a reason;
 * - FOLLOW_UP: after an event the member attended: a short message to each connection made there.
 *
 * A journey's event is the chat's eventId (given at creation) or the one chosen later through
 * select-event (selectedEventId); the assistant offers the member's events to choose from.
 * Types and constants only (the client imports them); the request schemas are in chat-requests.ts.
 */

export const JOURNEY_TYPES = ['DISCOVER_EVENTS', 'PREPARE_FOR_EVENT', 'FOLLOW_UP'] as const;
export type JourneyType = (typeof JOURNEY_TYPES)[number];

export const CHAT_ROLES = ['USER', 'ASSISTANT'] as const;
export type ChatRole = (typeof CHAT_ROLES)[number];

/** A message the member writes: at most this many characters (control characters refused). */
export const CHAT_MESSAGE_MAX = 2000;
export const CHAT_TITLE_MAX = 100;
/**
 * The live page of a chat holds at most this many messages; when a newer message is written
 * after a full page, that page moves to the archive (archived pages 1, 2, ... oldest first).
 */
export const CHAT_PAGE_SIZE = 50;
/** Answers (gpt-message) per member per window; over it: 429 with Retry-After. */
export const ASSISTANT_RATE_LIMIT = { limit: 20, windowMs: 10 * 60 * 1000 } as const;

/** Shown on every answer of the guided assistant (no model configured). */
export const BASIC_ASSISTANT_LABEL = 'Basic assistant: no AI model is configured on this server';
/** AI_ENABLED=false: every chat call answers 503 with this error and code. */
export const AI_DISABLED_ERROR = 'AI recommendations temporarily unavailable';

export const CHAT_ERROR_CODES = {
  aiDisabled: 'AI_DISABLED',
  /** PREPARE_FOR_EVENT / FOLLOW_UP with an event the member does not attend (403). */
  notAttending: 'NOT_ATTENDING',
  /** PREPARE_FOR_EVENT for an event that has passed (400). */
  eventPassed: 'EVENT_PASSED',
  /** FOLLOW_UP for an event that has not started yet (400). */
  eventNotStarted: 'EVENT_NOT_STARTED',
  rateLimited: 'RATE_LIMITED',
  /** The model failed; the chat shows a plain error line (also sent in the stream). */
  modelError: 'MODEL_ERROR',
} as const;

export const CHAT_ERRORS = {
  chatNotFound: 'Chat not found',
  archivedPageNotFound: 'Archived page not found',
  notAttending: 'You can only do this for an event you attend',
  eventPassed: 'This event is over: use the follow-up journey',
  eventNotStarted: 'This event has not happened yet: use the prepare journey',
  tooManyMessages: 'Too many messages to the assistant. Please wait a moment.',
  modelError: 'The assistant could not answer right now. Please try again.',
} as const;

/** A compact event in an answer. Locked (PRO-only, member without PRO): no name, preview only. */
export interface ChatEventCard {
  eventId: string;
  isProOnly: boolean;
  locked: boolean;
  /** null when locked. */
  name: string | null;
  dateTime: string | null;
  endDateTime: string | null;
  /** Display text of the place ('Stockholm, Sweden' or the free text). */
  location: string | null;
  imageUrl: string | null;
  /** The preview blurb of a locked event. */
  blurb: string | null;
  /** Why it is shown ('matches "ai"; in Stockholm'); null when locked. */
  reason: string | null;
  /** The card offers 'Choose this event' (select-event) in prepare and follow-up chats. */
  selectable?: boolean;
}

/** Someone worth meeting at an event; never contact details. */
export interface AttendeeSuggestion {
  userId: string;
  firstName: string;
  lastName: string;
  role: string | null;
  imageUrl: string | null;
  reason: string;
}

/** A follow-up message draft to a connection made at an event. */
export interface FollowUpDraft {
  userId: string;
  firstName: string;
  lastName: string;
  message: string;
}

export interface ChatMessageMetadata {
  /** Written by the guided assistant (no model): the UI shows BASIC_ASSISTANT_LABEL. */
  basic?: boolean;
  /** Written by the configured model. */
  model?: boolean;
  events?: ChatEventCard[];
  /** Quick replies: pressing one sends its text. */
  chips?: string[];
  attendees?: AttendeeSuggestion[];
  followUps?: FollowUpDraft[];
  goalSuggestion?: string;
  /** The answer failed (model error); content says so plainly. */
  error?: boolean;
}

export interface ChatMessage {
  id: string;
  role: ChatRole;
  content: string;
  metadata: ChatMessageMetadata;
  createdAt: string;
}

export interface ChatSummary {
  id: string;
  journeyType: JourneyType;
  eventId: string | null;
  title: string;
  selectedEventId: string | null;
  selectedEventName: string | null;
  createdAt: string;
  updatedAt: string;
}

/** GET chat: the member's chats, most recently used first. */
export interface ChatListResponse {
  chats: ChatSummary[];
}

/** GET chat/{id} (and POST chat's answer): the chat with its live page of messages. */
export interface ChatDetail extends ChatSummary {
  messages: ChatMessage[];
  /** How many archived pages hold older messages. */
  archivedPages: number;
  /** 'model' when a language model answers, 'basic' for the guided assistant. */
  assistant: 'model' | 'basic';
}

/** GET chat/{id}/archived-pages[?pageIndex=n] */
export interface ArchivedPagesResponse {
  totalPages: number;
  pages: Array<{ page: number; messageCount: number; firstAt: string; lastAt: string }>;
}

/** GET chat/{id}/archived?page=n */
export interface ArchivedPageResponse {
  page: number;
  totalPages: number;
  messages: ChatMessage[];
}

/**
 * gpt-message answers as a server-sent event stream (text/event-stream), each event one JSON data line:
 * - `user`: the member's message as stored (ChatMessage);
 * - `delta`: {text}: the next piece of the answer as it is written;
 * - `done`: the stored answer (ChatMessage with its metadata: cards, chips, suggestions);
 * - `error`: {error, code} when the answer failed (a `done` with metadata.error follows).
 * Errors before the stream starts (validation, 404, 429, 503) are ordinary JSON error answers.
 */
export type ChatStreamEvent =
  | { event: 'user'; data: ChatMessage }
  | { event: 'delta'; data: { text: string } }
  | { event: 'done'; data: ChatMessage }
  | { event: 'error'; data: { error: string; code?: string } };

/** POST chat. */
export interface CreateChatBody {
  journeyType: JourneyType;
  eventId?: string | null;
  title?: string;
}

/** POST chat/{id}/message. */
export interface PostMessageBody {
  content: string;
  role?: ChatRole;
  metadata?: { chips?: string[] };
}

/** POST chat/{id}/select-event. */
export interface SelectEventBody {
  selectedEventId: string;
  selectedEventName?: string;
}

/** Default title of a new chat per journey. */
export function defaultChatTitle(journeyType: JourneyType, eventName?: string | null): string {
  const base = journeyType === 'DISCOVER_EVENTS' ? 'Discover events' : journeyType === 'PREPARE_FOR_EVENT' ? 'Prepare' : 'Follow up';
  const title = eventName && journeyType !== 'DISCOVER_EVENTS' ? `${base}: ${eventName}` : base;
  return title.length > CHAT_TITLE_MAX ? `${title.slice(0, CHAT_TITLE_MAX - 1)}…` : title;
}
