import { Hono, type Context } from 'hono';
import { SAFETY_ERRORS, type BlockedMember, type NetworkingStatus } from '../../contract/safety';
import { networkingStatusSchema, reportInputSchema } from '../../contract/safety-requests';
import { ApiError } from '../http/api-error';
import type { ApiMounts, AppDeps, AppEnv } from '../http/app-env';
import { appOrigin } from '../http/client-info';
import { idempotent } from '../http/idempotency-middleware';
import { uuidParam } from '../http/path-ids';
import { readJson } from '../http/read-body';
import { requireUser } from '../http/require-user';
import { noticeContext, tellMeetingChange } from '../services/meetings/meeting-notices';
import { publishFromApp } from '../services/realtime/realtime';
import type { StreamEventInput } from '../services/realtime/stream-events';
import { blockedMembers, blockMember, memberExists, unblockMember } from '../services/safety/blocks';
import { networkingStatus, setNetworkingPaused } from '../services/safety/networking';
import { createReport, passOnReport } from '../services/safety/reports';

/**
 * Block, report and 'not networking right now' (contract/safety.ts). Block and report act on any
 * member who exists, also one the member can no longer see (a member who blocked them first must
 * still be reportable, and blockable): an id is random and reached only through an answer that
 * showed its member, so saying that it exists tells nothing new. The blocked or reported member is
 * never told.
 */
export function safetyRoutes(deps: AppDeps): ApiMounts {
  const { db, clock } = deps;
  const users = new Hono<AppEnv>();
  // Per route, not use('*'): the write limit is looked up by the matched route (http/write-limits.ts).
  const signedIn = requireUser(deps);

  /** The other member of a block or report: 400 for oneself, 404 for nobody. */
  const otherMember = async (c: Context<AppEnv>, selfError: string): Promise<string> => {
    const id = uuidParam(c, 'id', SAFETY_ERRORS.notFound);
    if (id === c.get('userId')) throw new ApiError(400, selfError);
    if (!(await memberExists(db, id))) throw new ApiError(404, SAFETY_ERRORS.notFound);
    return id;
  };

  users.put('/:id/block', signedIn, idempotent(deps), async (c) => {
    const blockedId = await otherMember(c, SAFETY_ERRORS.blockSelf);
    const blockerId = c.get('userId');
    const outcome = await blockMember(db, blockerId, blockedId, clock());
    // Each meeting reads to the blocked member as one the blocker cancelled, without a note: told
    // that it was cancelled, never why (services/meetings/meeting-notices.ts tells only the other side).
    const notices = noticeContext(deps, appOrigin(c, deps.config));
    for (const { meetingId } of outcome.closedMeetings) tellMeetingChange(notices, 'cancel', meetingId, blockerId);
    // Their conversation leaves the blocker's open apps, and the blocked member's when they had one
    // (connected until now): it is gone for them as after any ended connection, which says nothing of why.
    const hidden: StreamEventInput[] = [{ userId: blockerId, type: 'conversation-hidden', data: { userId: blockedId } }];
    if (outcome.wereConnected) hidden.push({ userId: blockedId, type: 'conversation-hidden', data: { userId: blockerId } });
    await publishFromApp(deps, hidden);
    return c.body(null, 204);
  });

  users.delete('/:id/block', signedIn, idempotent(deps), async (c) => {
    const blockedId = await otherMember(c, SAFETY_ERRORS.blockSelf);
    await unblockMember(db, c.get('userId'), blockedId);
    return c.body(null, 204);
  });

  users.get('/me/blocked', signedIn, async (c) => {
    const answer: BlockedMember[] = await blockedMembers(db, c.get('userId'));
    return c.json(answer);
  });

  /** A new report each time (a member may report the same person again); it blocks nobody by itself. */
  users.post('/:id/report', signedIn, idempotent(deps), async (c) => {
    const reportedId = await otherMember(c, SAFETY_ERRORS.reportSelf);
    const input = await readJson(c, reportInputSchema);
    const report = await createReport(db, { reporterId: c.get('userId'), reportedId, reason: input.reason, text: input.text }, clock());
    passOnReport(deps, deps.config.REPORTS_EMAIL, report);
    return c.json({ id: report.id }, 201);
  });

  users.get('/me/networking', signedIn, async (c) => {
    const answer: NetworkingStatus = await networkingStatus(db, c.get('userId'));
    return c.json(answer);
  });

  users.put('/me/networking', signedIn, idempotent(deps), async (c) => {
    const { paused } = await readJson(c, networkingStatusSchema);
    const answer: NetworkingStatus = await setNetworkingPaused(db, c.get('userId'), paused);
    return c.json(answer);
  });

  return [['/users', users]];
}
