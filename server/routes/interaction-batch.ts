import { Hono } from 'hono';
import type { Transaction } from 'kysely';
import * as v from 'valibot';
import type { InteractionType } from '../../contract/attendees';
import { API_ERRORS, EVENT_ERRORS, IDEMPOTENCY_ERRORS, INTERACTION_ERRORS } from '../../contract/errors';
import { interactionBatchSchema, type InteractionBatchAnswer, type InteractionBatchResult } from '../../contract/interaction-batch';
import { ApiError } from '../http/api-error';
import type { Database } from '../db/schema';
import type { AppDeps, AppEnv } from '../http/app-env';
import { claimBatchKeys } from '../http/idempotency-middleware';
import { readJson } from '../http/read-body';
import { requireUser, signedInViewer } from '../http/require-user';
import { releaseKeys, requestHash, storeAnswers, type StoredAnswer } from '../services/idempotency/claim-store';
import { swipeRefusals, type SwipeRefusal } from '../services/interactions/swipe-checks';
import { createInteractions, type CreateOutcome, type SwipeRequest } from '../services/interactions/swipes';
import { notifyNewConnection } from '../services/push/new-connection';

/** The body checked against the contract; a bad item is a 400 naming it ('items.3.toUserId'). */
function checkBatch(input: unknown) {
  const result = v.safeParse(interactionBatchSchema, input);
  if (result.success) return result.output;
  const issue = result.issues[0];
  const path = (issue.path ?? []).map((step) => String(step.key));
  if (path.length === 0) throw new ApiError(400, API_ERRORS.invalidInput);
  throw new ApiError(400, issue.message, { field: path.join('.') });
}

/** A refused swipe's error, as the single route throws it and the batch answers it for the item. */
export function swipeError(refusal: SwipeRefusal): ApiError {
  if (refusal === 'self') return new ApiError(400, INTERACTION_ERRORS.selfInteraction, { field: 'toUserId' });
  if (refusal === 'event-not-found') return new ApiError(404, EVENT_ERRORS.eventNotFound);
  if (refusal === 'attendees-only') return new ApiError(403, EVENT_ERRORS.attendeesOnly);
  return new ApiError(404, API_ERRORS.userNotFound);
}

const errorAnswer = (error: ApiError): StoredAnswer => ({ status: error.status, body: JSON.stringify(error.body) });

function outcomeAnswer(outcome: CreateOutcome): StoredAnswer {
  if (outcome.kind === 'conflict') return errorAnswer(new ApiError(409, INTERACTION_ERRORS.alreadyInteracted));
  return { status: outcome.kind === 'created' ? 201 : 200, body: JSON.stringify(outcome.result) };
}

interface Item {
  /** The Idempotency-Key as the client sent it (echoed) and as stored (lower case). */
  given: string;
  key: string;
  hash: string;
  swipe: SwipeRequest;
}

/**
 * POST users/interactions/batch (INTERACTION_BATCH_PATH of contract/interaction-batch.ts; mounted by
 * interactions.ts): the outbox's run of queued swipes.
 * Each item is answered as the single call with its Idempotency-Key would be, and its answer is
 * stored under that key; the work is shared across the items (one session lookup, one access check
 * per event, one claim and one store of all keys, one transaction for the swipes).
 */
export function interactionBatchRoutes(deps: AppDeps): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  const { db, clock } = deps;

  app.post('/batch', requireUser(deps), async (c) => {
    const { items: input } = checkBatch(await readJson(c, v.unknown()));
    const userId = c.get('userId');
    // Hashed as the single request the client would send for it, so either form replays the other.
    const singlePath = (type: InteractionType) => c.req.path.replace(/batch$/, () => (type === 'POSITIVE' ? 'positive' : 'negative'));
    const items: Item[] = input.map((item) => ({
      given: item.key,
      key: item.key.toLowerCase(),
      hash: requestHash('POST', singlePath(item.type), JSON.stringify({ toUserId: item.toUserId, eventId: item.eventId })),
      swipe: { type: item.type, toUserId: item.toUserId.toLowerCase(), eventId: item.eventId.toLowerCase() },
    }));

    // A key repeated inside the batch is a repeat of its first item.
    const firstOfKey = new Map<string, Item>();
    for (const item of items) if (!firstOfKey.has(item.key)) firstOfKey.set(item.key, item);
    const keyStates = await claimBatchKeys(
      deps,
      userId,
      [...firstOfKey.values()].map(({ key, hash }) => ({ key, hash })),
    );
    const toRun = [...firstOfKey.values()].filter((item) => keyStates.get(item.key)?.kind === 'claimed');

    const answers = new Map<string, StoredAnswer>();
    for (const [key, state] of keyStates) if (state.kind === 'answered') answers.set(key, state.answer);
    if (toRun.length > 0) {
      try {
        const refused = await swipeRefusals(
          db,
          signedInViewer(c),
          toRun.map((item) => item.swipe),
        );
        toRun.forEach((item, index) => {
          const refusal = refused[index];
          if (refusal) answers.set(item.key, errorAnswer(swipeError(refusal)));
        });
        const swiping = toRun.filter((_, index) => !refused[index]);
        const connectedWith: string[] = [];
        const store = async (trx: Transaction<Database>, outcomes: CreateOutcome[]) => {
          outcomes.forEach((outcome, index) => answers.set(swiping[index]!.key, outcomeAnswer(outcome)));
          for (const outcome of outcomes) if (outcome.kind === 'created' && outcome.result.newConnection) connectedWith.push(outcome.result.newConnection.id);
          await storeAnswers(
            trx,
            userId,
            toRun.map(({ key }) => ({ key, ...answers.get(key)! })),
          );
        };
        await createInteractions(
          db,
          userId,
          swiping.map((item) => item.swipe),
          clock(),
          store,
        );
        // After the commit: the other side of each new connection gets the push.
        for (const otherId of connectedWith) notifyNewConnection(deps, otherId, userId);
      } catch (error) {
        // As the middleware does on an exception: a retry runs them again.
        await releaseKeys(
          db,
          userId,
          toRun.map(({ key }) => key),
        );
        throw error;
      }
    }

    const results: InteractionBatchResult[] = items.map((item) => {
      const first = firstOfKey.get(item.key)!;
      const answer = first.hash === item.hash ? answers.get(item.key)! : errorAnswer(new ApiError(422, IDEMPOTENCY_ERRORS.keyReused));
      return { key: item.given, status: answer.status, body: answer.body ? (JSON.parse(answer.body) as unknown) : null };
    });
    return c.json({ results } satisfies InteractionBatchAnswer);
  });

  return app;
}
