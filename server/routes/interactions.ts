import { Hono } from 'hono';
import { createInteractionSchema, type Interaction, type InteractionType } from '../../contract/attendees';
import { EVENT_ERRORS, INTERACTION_ERRORS } from '../../contract/errors';
import { ApiError } from '../http/api-error';
import type { ApiMounts, AppDeps, AppEnv } from '../http/app-env';
import { idempotent } from '../http/idempotency-middleware';
import { uuidParam } from '../http/path-ids';
import { readJson } from '../http/read-body';
import { requireUser, signedInViewer } from '../http/require-user';
import { deleteInteraction, listInteractions } from '../services/interactions/own-interactions';
import { swipeRefusals } from '../services/interactions/swipe-checks';
import { createInteraction } from '../services/interactions/swipes';
import { notifyNewConnection } from '../services/push/new-connection';
import { interactionBatchRoutes, swipeError } from './interaction-batch';

/**
 * Swipes at an event (docs/product.md sections 3, 4 and 7). The writes are replayed by the client's
 * outbox and accept an Idempotency-Key (http/idempotency-middleware.ts).
 */
export function interactionsRoutes(deps: AppDeps): ApiMounts {
  const app = new Hono<AppEnv>();
  const { db, clock } = deps;
  const signedIn = requireUser(deps);
  const once = idempotent(deps);

  /**
   * 201 with the new interaction (and newConnection when it completed a mutual like); the same
   * swipe again is 200 with the existing one; the other type while one exists is 409.
   */
  const create = (type: InteractionType) =>
    app.post(type === 'POSITIVE' ? '/positive' : '/negative', signedIn, once, async (c) => {
      const body = await readJson(c, createInteractionSchema);
      const userId = c.get('userId');
      const toUserId = body.toUserId.toLowerCase();
      const eventId = body.eventId.toLowerCase();
      const now = clock();
      const [refusal] = await swipeRefusals(db, signedInViewer(c), [{ toUserId, eventId, type }]);
      if (refusal) throw swipeError(refusal);
      const outcome = await createInteraction(db, userId, toUserId, eventId, type, now);
      if (outcome.kind === 'conflict') throw new ApiError(409, INTERACTION_ERRORS.alreadyInteracted);
      // The swiper sees the toast; the other side, who liked first, gets the push.
      if (outcome.kind === 'created' && outcome.result.newConnection) notifyNewConnection(deps, outcome.result.newConnection.id, userId);
      return c.json(outcome.result, outcome.kind === 'created' ? 201 : 200);
    });
  create('POSITIVE');
  create('NEGATIVE');
  // The outbox's many swipes in one request (beyond docs/product.md), answered item by item as the above.
  app.route('/', interactionBatchRoutes(deps));

  /** The member's own interactions at the event, newest first. */
  app.get('/:eventId', signedIn, async (c) => {
    const eventId = uuidParam(c, 'eventId', EVENT_ERRORS.eventNotFound);
    const answer: Interaction[] = await listInteractions(db, c.get('userId'), eventId);
    return c.json(answer);
  });

  /** Undo: own interactions only (others' are 404); one that made a connection is 409. */
  app.delete('/:id', signedIn, once, async (c) => {
    const id = uuidParam(c, 'id', INTERACTION_ERRORS.interactionNotFound);
    const outcome = await deleteInteraction(db, c.get('userId'), id);
    if (outcome === 'not-found') throw new ApiError(404, INTERACTION_ERRORS.interactionNotFound);
    if (outcome === 'connected') throw new ApiError(409, INTERACTION_ERRORS.connectedCannotUndo);
    return c.body(null, 204);
  });

  return [['/users/interactions', app]];
}
