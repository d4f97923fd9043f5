import { Hono, type Context } from 'hono';
import { streamSSE } from 'hono/streaming';
import { sql } from 'kysely';
import {
  AI_DISABLED_ERROR,
  ASSISTANT_RATE_LIMIT,
  CHAT_ERROR_CODES,
  CHAT_ERRORS,
  defaultChatTitle,
  type ArchivedPageResponse,
  type ArchivedPagesResponse,
  type ChatDetail,
  type ChatListResponse,
  type ChatMessage,
  type JourneyType,
} from '../../contract/chat';
import {
  archivedPagesQuerySchema,
  archivedQuerySchema,
  createChatSchema,
  gptMessageSchema,
  journeySchema,
  postMessageSchema,
  selectEventSchema,
} from '../../contract/chat-requests';
import { EVENT_ERRORS } from '../../contract/errors';
import { ApiError } from '../http/api-error';
import type { ApiMounts, AppDeps, AppEnv } from '../http/app-env';
import { uuidParam } from '../http/path-ids';
import { enforceRateLimit } from '../http/rate-limited';
import { readJson, readQuery } from '../http/read-body';
import { requireUser } from '../http/require-user';
import { hasModel, modelClient } from '../services/ai/model-client';
import {
  appendMessage,
  archivedMessages,
  archivedPageCount,
  archivedPages,
  createChat,
  deleteChat,
  findChat,
  listChats,
  liveMessages,
  presentMessages,
  recentMessages,
  toSummary,
  updateChat,
  type ChatRow,
} from '../services/assistant/chat-store';
import { greeting, guidedAnswer, type Answer, type AssistantContext } from '../services/assistant/guided';
import { HISTORY_MESSAGES, modelAnswer, ModelFailure } from '../services/assistant/model-assistant';
import { eventAccess, loadViewer } from '../services/events/visibility';

/**
 * The assistant's chats (contract/chat.ts; docs/product.md section 7). Signed-in members only; a chat
 * belongs to its member: another member's chat id is 404 like an unknown one. AI_ENABLED=false:
 * creating chats and every call that writes or answers is 503 AI_DISABLED; reading and deleting
 * the member's own past chats still work (it is their data).
 */
export function chatRoutes(deps: AppDeps): ApiMounts {
  const app = new Hono<AppEnv>();
  const { db, clock, config, logger } = deps;
  const basic = () => !hasModel(config);

  const requireAi = () => {
    if (!config.AI_ENABLED) throw new ApiError(503, AI_DISABLED_ERROR, { code: CHAT_ERROR_CODES.aiDisabled });
  };

  const context = async (userId: string): Promise<AssistantContext> => {
    const now = clock();
    const viewer = await loadViewer(db, userId, now);
    return { db, viewer: { ...viewer, userId }, now };
  };

  const ownChat = async (c: Context<AppEnv>): Promise<ChatRow> => {
    const chatId = uuidParam(c, 'id', CHAT_ERRORS.chatNotFound);
    const chat = await findChat(db, c.get('userId'), chatId, clock());
    if (!chat) throw new ApiError(404, CHAT_ERRORS.chatNotFound);
    return chat;
  };

  const detail = async (ctx: AssistantContext, chat: ChatRow): Promise<ChatDetail> => {
    const messages = await presentMessages(db, ctx.viewer, await liveMessages(db, chat.id));
    return { ...toSummary(chat), messages, archivedPages: archivedPageCount(chat), assistant: basic() ? 'basic' : 'model' };
  };

  /**
   * The event a journey is about must be visible (404 otherwise); preparing needs an event the
   * member attends that has not passed, following up one they attended that has started.
   */
  const checkJourneyEvent = async (ctx: AssistantContext, journeyType: JourneyType, eventId: string, field: string) => {
    const access = await eventAccess(db, ctx.viewer, eventId);
    if (!access.visible) throw new ApiError(404, EVENT_ERRORS.eventNotFound, { field });
    if (journeyType === 'DISCOVER_EVENTS') return;
    if (!access.registered) throw new ApiError(403, CHAT_ERRORS.notAttending, { code: CHAT_ERROR_CODES.notAttending, field });
    const timing = await db
      .selectFrom('events as e')
      .select([sql<boolean>`e.current_until >= ${ctx.now}`.as('not_passed'), sql<boolean>`coalesce(e.date_time <= ${ctx.now}, false)`.as('started')])
      .where('e.id', '=', eventId)
      .executeTakeFirstOrThrow();
    if (journeyType === 'PREPARE_FOR_EVENT' && !timing.not_passed) {
      throw new ApiError(400, CHAT_ERRORS.eventPassed, { code: CHAT_ERROR_CODES.eventPassed, field });
    }
    if (journeyType === 'FOLLOW_UP' && !timing.started) {
      throw new ApiError(400, CHAT_ERRORS.eventNotStarted, { code: CHAT_ERROR_CODES.eventNotStarted, field });
    }
  };

  /**
   * The chat's event as an answer may use it at this moment, else none: the member may have left
   * it or lost PRO since the chat began. Preparing and following up need a member registered
   * there; no journey may name a locked or hidden event. Without it the assistant asks for an event.
   */
  const eventForAnswer = async (ctx: AssistantContext, journeyType: JourneyType, eventId: string | null): Promise<string | null> => {
    if (!eventId) return null;
    const access = await eventAccess(db, ctx.viewer, eventId);
    if (!access.visible || access.locked) return null;
    return journeyType === 'DISCOVER_EVENTS' || access.registered ? eventId : null;
  };

  const reload = async (userId: string, chatId: string) => (await findChat(db, userId, chatId, clock()))!;

  app.get('/', requireUser(deps), async (c) => {
    const answer: ChatListResponse = { chats: await listChats(db, c.get('userId'), clock()) };
    return c.json(answer);
  });

  app.post('/', requireUser(deps), async (c) => {
    requireAi();
    const userId = c.get('userId');
    const body = await readJson(c, createChatSchema);
    const ctx = await context(userId);
    const eventId = body.eventId ?? null;
    let eventName: string | null = null;
    if (eventId) {
      await checkJourneyEvent(ctx, body.journeyType, eventId, 'eventId');
      const access = await eventAccess(db, ctx.viewer, eventId);
      if (!access.locked) eventName = (await db.selectFrom('events').select('name').where('id', '=', eventId).executeTakeFirst())?.name ?? null;
    }
    const title = body.title || defaultChatTitle(body.journeyType, eventName);
    const chatId = await createChat(db, { userId, journeyType: body.journeyType, eventId, title, now: ctx.now });
    const first = await greeting(ctx, { journeyType: body.journeyType, eventId }, basic());
    await appendMessage(db, chatId, { role: 'ASSISTANT', ...first }, ctx.now);
    return c.json(await detail(ctx, await reload(userId, chatId)), 201);
  });

  app.get('/:id', requireUser(deps), async (c) => {
    const chat = await ownChat(c);
    return c.json(await detail(await context(c.get('userId')), chat));
  });

  app.delete('/:id', requireUser(deps), async (c) => {
    const chatId = uuidParam(c, 'id', CHAT_ERRORS.chatNotFound);
    if (!(await deleteChat(db, c.get('userId'), chatId))) throw new ApiError(404, CHAT_ERRORS.chatNotFound);
    return c.body(null, 204);
  });

  app.post('/:id/message', requireUser(deps), async (c) => {
    requireAi();
    const chat = await ownChat(c);
    const body = await readJson(c, postMessageSchema);
    const metadata = body.metadata?.chips ? { chips: body.metadata.chips } : {};
    const message: ChatMessage = await appendMessage(db, chat.id, { role: 'USER', content: body.content, metadata }, clock());
    return c.json(message, 201);
  });

  app.post('/:id/gpt-message', requireUser(deps), async (c) => {
    requireAi();
    const userId = c.get('userId');
    const chat = await ownChat(c);
    const { content } = await readJson(c, gptMessageSchema);
    const ctx = await context(userId);
    try {
      await enforceRateLimit(db, { bucket: `assistant:user:${userId}`, ...ASSISTANT_RATE_LIMIT }, ctx.now);
    } catch (error) {
      if (error instanceof ApiError && error.status === 429) {
        throw new ApiError(429, CHAT_ERRORS.tooManyMessages, { code: CHAT_ERROR_CODES.rateLimited, headers: error.extra.headers ?? {} });
      }
      throw error;
    }
    const history = hasModel(config) ? await recentMessages(db, chat.id, HISTORY_MESSAGES) : [];
    const userMessage = await appendMessage(db, chat.id, { role: 'USER', content, metadata: {} }, ctx.now);
    // A chat named after its journey takes the first question as its title.
    if (chat.message_count <= 1 && chat.title === defaultChatTitle(chat.journey_type, null)) {
      await updateChat(db, chat.id, { title: content.length > 60 ? `${content.slice(0, 59)}…` : content }, ctx.now);
    }
    const state = { journeyType: chat.journey_type, eventId: await eventForAnswer(ctx, chat.journey_type, chat.selected_event_id) };
    const model = modelClient(config);
    // A reverse proxy (nginx) would otherwise hold the pieces back until the answer is complete.
    c.header('X-Accel-Buffering', 'no');
    return streamSSE(c, async (stream) => {
      // A member who leaves mid-answer gets it in the chat next time: writing to a closed stream is
      // not an error here, and the answer is stored all the same.
      const send = async (event: string, data: unknown) => {
        if (stream.aborted || stream.closed) return;
        try {
          await stream.writeSSE({ event, data: JSON.stringify(data) });
        } catch {
          // The connection is gone.
        }
      };
      await send('user', userMessage);
      let answer: Answer;
      try {
        if (model) {
          answer = await modelAnswer(ctx, state, history, content, model, (piece) => send('delta', { text: piece }));
        } else {
          answer = await guidedAnswer(ctx, state, content);
          // The guided answer is ready at once; it is sent line by line like a written one.
          for (const line of answer.content.split(/(?<=\n)/)) await send('delta', { text: line });
        }
      } catch (error) {
        logger.error(`[assistant] ${error instanceof ModelFailure ? 'model' : 'answer'} failed: ${String((error as Error).cause ?? error)}`);
        await send('error', { error: CHAT_ERRORS.modelError, code: CHAT_ERROR_CODES.modelError });
        answer = { content: CHAT_ERRORS.modelError, metadata: { error: true, ...(model ? { model: true } : { basic: true }) } };
      }
      const stored = await appendMessage(db, chat.id, { role: 'ASSISTANT', ...answer }, clock());
      const [shown] = await presentMessages(db, ctx.viewer, [stored]);
      await send('done', shown);
    });
  });

  app.post('/:id/select-event', requireUser(deps), async (c) => {
    requireAi();
    const userId = c.get('userId');
    const chat = await ownChat(c);
    const { selectedEventId } = await readJson(c, selectEventSchema);
    const ctx = await context(userId);
    const eventId = selectedEventId.toLowerCase();
    await checkJourneyEvent(ctx, chat.journey_type, eventId, 'selectedEventId');
    await updateChat(db, chat.id, { selectedEventId: eventId }, ctx.now);
    if (chat.journey_type !== 'DISCOVER_EVENTS') {
      const next = await greeting(ctx, { journeyType: chat.journey_type, eventId }, basic());
      await appendMessage(db, chat.id, { role: 'ASSISTANT', ...next }, ctx.now);
    }
    return c.json(await detail(ctx, await reload(userId, chat.id)));
  });

  app.patch('/:id/journey', requireUser(deps), async (c) => {
    requireAi();
    const userId = c.get('userId');
    const chat = await ownChat(c);
    const { journeyType } = await readJson(c, journeySchema);
    const ctx = await context(userId);
    let selected = chat.selected_event_id;
    if (selected && journeyType !== 'DISCOVER_EVENTS') {
      // An event that does not suit the new journey is set aside; the assistant offers others.
      try {
        await checkJourneyEvent(ctx, journeyType, selected, 'journeyType');
      } catch (error) {
        if (!(error instanceof ApiError)) throw error;
        selected = null;
      }
    }
    if (journeyType !== chat.journey_type || selected !== chat.selected_event_id) {
      await updateChat(db, chat.id, { journeyType, selectedEventId: selected }, ctx.now);
      const next = await greeting(ctx, { journeyType, eventId: selected }, basic());
      await appendMessage(db, chat.id, { role: 'ASSISTANT', ...next }, ctx.now);
    }
    return c.json(await detail(ctx, await reload(userId, chat.id)));
  });

  app.get('/:id/archived-pages', requireUser(deps), async (c) => {
    const chat = await ownChat(c);
    const { pageIndex } = readQuery(c, archivedPagesQuerySchema);
    const totalPages = archivedPageCount(chat);
    if (pageIndex !== undefined && pageIndex > totalPages) throw new ApiError(404, CHAT_ERRORS.archivedPageNotFound);
    const answer: ArchivedPagesResponse = { totalPages, pages: await archivedPages(db, chat.id, pageIndex) };
    return c.json(answer);
  });

  app.get('/:id/archived', requireUser(deps), async (c) => {
    const chat = await ownChat(c);
    const { page } = readQuery(c, archivedQuerySchema);
    const totalPages = archivedPageCount(chat);
    if (page > totalPages) throw new ApiError(404, CHAT_ERRORS.archivedPageNotFound);
    const ctx = await context(c.get('userId'));
    const answer: ArchivedPageResponse = { page, totalPages, messages: await presentMessages(db, ctx.viewer, await archivedMessages(db, chat.id, page)) };
    return c.json(answer);
  });

  return [['/chat', app]];
}
