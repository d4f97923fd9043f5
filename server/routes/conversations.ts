import { Hono, type Context } from 'hono';
import { API_ERRORS } from '../../contract/errors';
import { messageInputSchema, messagePageQuerySchema, messageReadSchema, messageSettingsSchema } from '../../contract/message-requests';
import { MESSAGE_ERRORS, MESSAGE_PAGE_SIZE } from '../../contract/messages';
import { ApiError } from '../http/api-error';
import type { ApiMounts, AppDeps, AppEnv } from '../http/app-env';
import { idempotent } from '../http/idempotency-middleware';
import { isUuid, uuidParam } from '../http/path-ids';
import { readJson, readQuery } from '../http/read-body';
import { requireUser } from '../http/require-user';
import { readSessionToken } from '../http/session-cookie';
import { requireConversation } from '../services/messages/conversation-access';
import { conversationsOf, messagePage, unreadCount } from '../services/messages/conversations';
import { markDelivered } from '../services/messages/delivered';
import type { MessageContext } from '../services/messages/message-context';
import { realtimeOf } from '../services/realtime/realtime';
import { readMessageSettings, writeMessageSettings } from '../services/messages/message-settings';
import { readConversation } from '../services/messages/read-conversation';
import { sendMessage } from '../services/messages/send-message';
import { hashSessionToken } from '../services/sign-in/sessions';

/** requireUser has checked the cookie's session: its hash names the member's device to the stream. */
export const sessionHashOf = (c: Context<AppEnv>): string | null => {
  const token = readSessionToken(c);
  return token ? hashSessionToken(token) : null;
};

/**
 * Messages between connections (contract/messages.ts, docs/product.md 'Messages'). Reading the
 * conversations or a conversation's page tells the senders their messages were delivered.
 */
export function conversationsRoutes(deps: AppDeps): ApiMounts {
  const { db, clock } = deps;
  const ctx: MessageContext = { db, realtime: realtimeOf(deps), logger: deps.logger, clock, config: deps.config, resolveHost: deps.resolveHost };
  const conversations = new Hono<AppEnv>();
  const me = new Hono<AppEnv>();
  // The session is checked per route, not with use('*'): the write limit is looked up by the
  // matched route's path (http/write-limits.ts), which a catch-all middleware does not know.
  const signedIn = requireUser(deps);
  const otherOf = (c: Context<AppEnv>) => uuidParam(c, 'userId', MESSAGE_ERRORS.notFound);

  conversations.get('/', signedIn, async (c) => {
    const userId = c.get('userId');
    await markDelivered(ctx, userId);
    return c.json(await conversationsOf(db, userId));
  });

  conversations.get('/:userId/messages', signedIn, async (c) => {
    const userId = c.get('userId');
    const other = otherOf(c);
    const query = readQuery(c, messagePageQuerySchema);
    await requireConversation(db, userId, other);
    await markDelivered(ctx, userId, { from: other });
    return c.json(await messagePage(db, userId, other, query.before?.toLowerCase(), query.limit ?? MESSAGE_PAGE_SIZE));
  });

  conversations.put('/:userId/messages/:id', signedIn, idempotent(deps), async (c) => {
    const other = otherOf(c);
    const id = c.req.param('id');
    if (!isUuid(id)) throw new ApiError(400, API_ERRORS.invalidInput, { field: 'id' });
    const input = await readJson(c, messageInputSchema);
    const sent = await sendMessage(ctx, c.get('userId'), other, { id: id.toLowerCase(), text: input.text, actedAt: input.actedAt }, sessionHashOf(c));
    return c.json(sent.message, sent.created ? 201 : 200);
  });

  conversations.post('/:userId/read', signedIn, idempotent(deps), async (c) => {
    const other = otherOf(c);
    const { upTo } = await readJson(c, messageReadSchema);
    await readConversation(ctx, c.get('userId'), other, upTo.toLowerCase(), sessionHashOf(c));
    return c.body(null, 204);
  });

  me.get('/messages/unread', signedIn, async (c) => c.json(await unreadCount(db, c.get('userId'))));
  me.get('/message-settings', signedIn, async (c) => c.json(await readMessageSettings(db, c.get('userId'))));
  me.put('/message-settings', signedIn, idempotent(deps), async (c) => {
    const settings = await readJson(c, messageSettingsSchema);
    return c.json(await writeMessageSettings(db, c.get('userId'), settings, clock()));
  });

  return [
    ['/conversations', conversations],
    ['/users/me', me],
  ];
}
