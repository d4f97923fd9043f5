import * as v from 'valibot';
import { CHAT_MESSAGE_MAX, CHAT_TITLE_MAX, JOURNEY_TYPES } from './chat';
import { API_ERRORS } from './errors';
import { oneLine } from './fields';

/** Validation schemas of the chat requests (contract/chat.ts has the shapes and limits). */

const uuid = (message: string = API_ERRORS.invalidInput) => v.pipe(v.string(message), v.uuid(message));

export const journeyTypeSchema = v.picklist(JOURNEY_TYPES, 'Invalid journey type');

const titleSchema = v.pipe(v.string(API_ERRORS.invalidInput), v.trim(), v.maxLength(CHAT_TITLE_MAX, API_ERRORS.inputTooLong), oneLine);

/** Chat text is natural language and never interpreted: no content check, only the limits. */
export const chatContentSchema = v.config(
  v.pipe(v.string(API_ERRORS.invalidInput), v.trim(), v.minLength(1, 'Message required'), v.maxLength(CHAT_MESSAGE_MAX, API_ERRORS.inputTooLong)),
  { abortPipeEarly: true },
);

export const createChatSchema = v.object({
  journeyType: journeyTypeSchema,
  eventId: v.optional(v.nullable(uuid('Invalid event id'))),
  title: v.optional(titleSchema),
});

/**
 * POST chat/{id}/message: the member's message stored as is (no answer). The member speaks only
 * for themselves: `role` may be left out or be 'USER'; an 'ASSISTANT' turn written by a member
 * would be fed to a language model as its own words. Only quick-reply chips are kept of the
 * metadata: event cards and suggestions are written by the assistant alone.
 */
export const postMessageSchema = v.object({
  content: chatContentSchema,
  role: v.optional(v.literal('USER', 'Invalid role'), 'USER'),
  metadata: v.optional(
    v.object({
      chips: v.optional(v.pipe(v.array(v.pipe(v.string(), v.maxLength(100, API_ERRORS.inputTooLong))), v.maxLength(10, 'Too many chips'))),
    }),
  ),
});

export const gptMessageSchema = v.object({ content: chatContentSchema });

export const selectEventSchema = v.object({
  selectedEventId: uuid('Invalid event id'),
  /** Ignored by the server, which names the event itself (kept for docs/product.md's payload). */
  selectedEventName: v.optional(v.pipe(v.string(), v.maxLength(200, API_ERRORS.inputTooLong))),
});

export const journeySchema = v.object({ journeyType: journeyTypeSchema });

const pageNumber = (field: string) => v.pipe(v.string(`Invalid ${field}`), v.regex(/^[1-9]\d{0,5}$/, `Invalid ${field}`), v.transform(Number));

export const archivedQuerySchema = v.object({ page: pageNumber('page') });
export const archivedPagesQuerySchema = v.object({ pageIndex: v.optional(pageNumber('pageIndex')) });
