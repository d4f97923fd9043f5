import { Hono, type Context } from 'hono';
import { sql } from 'kysely';
import { EVENT_ERRORS } from '../../contract/errors';
import {
  consentBodySchema,
  MAX_BATCHES,
  RECOMMENDATION_CODES,
  RECOMMENDATION_ERRORS,
  RECOMMENDATIONS_PER_BATCH,
  recommendationsQuerySchema,
  type AiStatus,
  type BatchesAnswer,
  type ConsentAnswer,
  type ProStatus,
} from '../../contract/recommendations';
import { ApiError } from '../http/api-error';
import type { ApiMounts, AppDeps, AppEnv } from '../http/app-env';
import { readJson, readQuery } from '../http/read-body';
import { requireUser, signedInViewer } from '../http/require-user';
import { readSignedIn } from '../http/signed-in-read';
import { modelClient } from '../services/ai/model-client';
import { eventAccess, type Viewer } from '../services/events/visibility';
import { aiConsent, aiConsentSql, setAiConsent } from '../services/recommendations/ai-consent';
import { modelMotivationWriter } from '../services/recommendations/model-motivations';
import { recommendationsBatch } from '../services/recommendations/recommend';
import { keptRankingStatement, storedRankingFor, type KeptRankingRead } from '../services/recommendations/stored-ranking';

/** AI event recommendations under /api/ai-recommendations (contract/recommendations.ts). */
export function aiRecommendationsRoutes(deps: AppDeps): ApiMounts {
  const app = new Hono<AppEnv>();
  const { db, clock, config, logger } = deps;
  const model = modelClient(config);
  const writer = model ? modelMotivationWriter(model, logger) : undefined;
  const signedIn = requireUser(deps);

  const platformOn = () => {
    if (!config.AI_ENABLED) throw new ApiError(503, RECOMMENDATION_ERRORS.disabled, { code: RECOMMENDATION_CODES.disabled });
  };
  app.get('/status', signedIn, (c) => {
    const status: AiStatus = { aiEnabled: config.AI_ENABLED, model: model !== undefined };
    return c.json(status);
  });

  app.get('/consent', signedIn, async (c) => {
    const answer: ConsentAnswer = { consent: await aiConsent(db, c.get('userId')) };
    return c.json(answer);
  });

  app.put('/consent', signedIn, async (c) => {
    const body = await readJson(c, consentBodySchema);
    // Turning AI off is always possible; turning it on needs it on the server.
    if (body.consent) platformOn();
    await setAiConsent(db, c.get('userId'), body.consent, clock());
    const answer: ConsentAnswer = { consent: body.consent };
    return c.json(answer);
  });

  /**
   * The reader with their AI consent, their kept ranking and which of its picks are still open, in
   * one statement with the session; the picks' events then come in a second (from five). The top 3
   * is the events page's block, shown to every member who opens it; PRO's batches read the same.
   */
  const readReader = (c: Context<AppEnv>, now: Date) =>
    readSignedIn<KeptRankingRead & { consent: boolean | null }>(deps, c, (readerId) => {
      const kept = keptRankingStatement(db, readerId, now);
      return { with: kept.with, columns: sql`${aiConsentSql(readerId)} as consent, ${kept.columns}` };
    });
  /** Platform on and the member opted in (the consent readReader read). */
  const consented = (consent: boolean | null) => {
    platformOn();
    if (consent !== true) throw new ApiError(403, RECOMMENDATION_ERRORS.consentRequired, { code: RECOMMENDATION_CODES.consentRequired });
  };
  /**
   * The member's ranking, from what readReader read, or the one for events like ?eventId= (an
   * event they may see), read on its own.
   */
  const rankingOf = async (c: Context<AppEnv>, viewer: Viewer, now: Date, read: KeptRankingRead) => {
    const eventId = readQuery(c, recommendationsQuerySchema).eventId?.toLowerCase();
    if (!eventId) return storedRankingFor(db, viewer.userId!, now, undefined, read);
    const access = await eventAccess(db, viewer, eventId);
    if (!access.visible) throw new ApiError(404, EVENT_ERRORS.eventNotFound);
    // Events like a locked one would tell what its description holds, and name it in the reasons.
    if (access.locked) throw new ApiError(403, EVENT_ERRORS.upgradeToView);
    return storedRankingFor(db, viewer.userId!, now, eventId);
  };

  app.get('/top-3', async (c) => {
    const now = clock();
    const { viewer, row } = await readReader(c, now);
    consented(row.consent);
    return c.json(await recommendationsBatch(db, viewer, now, await rankingOf(c, viewer, now, row), 1, writer));
  });

  app.get('/pro/status', signedIn, async (c) => {
    const viewer = signedInViewer(c);
    const status: ProStatus = { hasProAccess: viewer.hasProAccess, maxBatches: viewer.hasProAccess ? MAX_BATCHES : 1 };
    return c.json(status);
  });

  app.get('/batches', async (c) => {
    const now = clock();
    const { viewer, row } = await readReader(c, now);
    consented(row.consent);
    const total = (await rankingOf(c, viewer, now, row)).picks.length;
    const answer: BatchesAnswer = { hasMoreBatches: total > RECOMMENDATIONS_PER_BATCH, totalRecommendations: total };
    return c.json(answer);
  });

  app.get('/pro/batch/:batch', async (c) => {
    const now = clock();
    const { viewer, row } = await readReader(c, now);
    // The query first, so that a bad ?eventId= is named even when the batch number is bad too.
    readQuery(c, recommendationsQuerySchema);
    const raw = c.req.param('batch');
    const batch = /^\d{1,3}$/.test(raw) ? Number(raw) : NaN;
    if (!(batch >= 1 && batch <= MAX_BATCHES)) throw new ApiError(400, RECOMMENDATION_ERRORS.invalidBatch, { field: 'batch' });
    consented(row.consent);
    if (!viewer.hasProAccess) throw new ApiError(403, RECOMMENDATION_ERRORS.proRequired, { code: RECOMMENDATION_CODES.proRequired });
    return c.json(await recommendationsBatch(db, viewer, now, await rankingOf(c, viewer, now, row), batch, writer));
  });

  return [['/ai-recommendations', app]];
}
