import * as v from 'valibot';
import { API_ERRORS } from './errors';
import { MESSAGE_ERRORS, MESSAGE_MAX_LENGTH, MESSAGE_PAGE_SIZE } from './messages';

/**
 * The bodies and queries of the message calls (contract/messages.ts lists the paths), checked alike
 * on both sides. A message's text is trimmed, not empty, at most MESSAGE_MAX_LENGTH, may hold line
 * breaks, and is not put through the content check of other text fields: people paste snippets in
 * a chat, and the app shows a message as text. Control characters are refused, as everywhere
 * (validate() in contract/fields.ts).
 */

/** An ISO 8601 date-time with its offset; checked for length before it is parsed. */
const isoTime = v.pipe(
  v.string(API_ERRORS.invalidInput),
  v.maxLength(40, API_ERRORS.invalidInput),
  v.check(
    (text) => /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})$/.test(text) && !Number.isNaN(Date.parse(text)),
    API_ERRORS.invalidInput,
  ),
);

const uuid = v.pipe(v.string(API_ERRORS.invalidInput), v.uuid(API_ERRORS.invalidInput));

export const messageTextSchema = v.config(
  v.pipe(v.string(MESSAGE_ERRORS.empty), v.trim(), v.minLength(1, MESSAGE_ERRORS.empty), v.maxLength(MESSAGE_MAX_LENGTH, API_ERRORS.inputTooLong)),
  { abortPipeEarly: true },
);

/** PUT conversations/{userId}/messages/{id}: actedAt is when the member wrote it (the outbox may send it later). */
export const messageInputSchema = v.object({ text: messageTextSchema, actedAt: v.optional(isoTime) });
export type MessageInput = v.InferInput<typeof messageInputSchema>;

/** POST conversations/{userId}/read: the member read up to this message (its id). */
export const messageReadSchema = v.object({ upTo: uuid });
export type MessageRead = v.InferInput<typeof messageReadSchema>;

export const messageSettingsSchema = v.object({ readReceipts: v.boolean(API_ERRORS.invalidInput) });

/** GET conversations/{userId}/messages?before={messageId}&limit= */
export const messagePageQuerySchema = v.object({
  before: v.optional(uuid),
  limit: v.optional(
    v.pipe(
      v.string('Invalid limit'),
      v.regex(/^\d{1,4}$/, 'Invalid limit'),
      v.transform(Number),
      v.minValue(1, 'Invalid limit'),
      v.maxValue(MESSAGE_PAGE_SIZE, `Limit must be at most ${MESSAGE_PAGE_SIZE}`),
    ),
  ),
});

/** GET stream?lastEventId= (where the Last-Event-ID header cannot be set). */
export const streamQuerySchema = v.object({
  lastEventId: v.optional(v.pipe(v.string(API_ERRORS.invalidInput), v.regex(/^\d{1,18}$/, API_ERRORS.invalidInput))),
});
