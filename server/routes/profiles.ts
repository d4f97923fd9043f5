import { Hono, type Context } from 'hono';
import { API_ERRORS, PROFILE_ERRORS } from '../../contract/errors';
import {
  publicProfilePath,
  type ConnectionProfile,
  type CountResponse,
  type ProfileConnectResponse,
  type PublicProfile,
  type ShareResponse,
  type SharedProfilePreview,
} from '../../contract/profiles';
import { ApiError } from '../http/api-error';
import type { ApiMounts, AppDeps, AppEnv } from '../http/app-env';
import { idempotent } from '../http/idempotency-middleware';
import { uuidParam, notWords } from '../http/path-ids';
import { optionalUserId, requireUser } from '../http/require-user';
import { areBlocked } from '../services/safety/blocks';
import { maySeeMember, shareSecretMatches } from '../services/profiles/member-visibility';
import { notifyNewConnection } from '../services/push/new-connection';
import {
  connectByShare,
  connectionCount,
  eventCount,
  loadConnectionProfile,
  loadPublicProfile,
  loadSharedProfilePreview,
  recordProfileInterest,
  rotateShareSecret,
  shareSecretOf,
} from '../services/profiles/profiles';

/**
 * Other members' profiles (docs/product.md sections 2, 6 and 7): the public profile with or without the
 * owner's share secret, the share link and its rotation, the Connect from a profile, and the
 * public counts. Contact details (e-mail, phone, professional-network link) never appear here.
 */
/**
 * The secret of a share link as the path carries it: what shareSecretOf makes (base64url), else
 * null. Anything else cannot match, and must not reach the database (a NUL byte in a text value
 * is an error there).
 */
function secretParam(value: string | undefined): string | null {
  return value !== undefined && /^[\w-]{1,64}$/.test(value) ? value : null;
}

export function profilesRoutes(deps: AppDeps): ApiMounts {
  const app = new Hono<AppEnv>();
  const { db, clock } = deps;
  const signedIn = requireUser(deps);

  /**
   * The profile as the viewer may see it: 404 for an unknown member and for one they may not see.
   * `secret`: none (undefined) asks as a member who met them; null is a link whose secret cannot be one.
   */
  async function visibleProfile(ownerId: string, viewerId: string, secret?: string | null): Promise<PublicProfile> {
    const profile = (await maySeeMember(db, viewerId, ownerId, secret)) ? await loadPublicProfile(db, ownerId, viewerId, clock()) : undefined;
    if (!profile) throw new ApiError(404, API_ERRORS.userNotFound);
    return profile;
  }

  app.get(`/:id${notWords('interactions')}/public`, signedIn, async (c) => {
    const ownerId = uuidParam(c, 'id', API_ERRORS.userNotFound);
    return c.json(await visibleProfile(ownerId, c.get('userId')));
  });

  app.get('/:id/public/:secret', signedIn, async (c) => {
    const ownerId = uuidParam(c, 'id', API_ERRORS.userNotFound);
    return c.json(await visibleProfile(ownerId, c.get('userId'), secretParam(c.req.param('secret'))));
  });

  /**
   * Who shared a link, without a session: the owner handed the link out, so its holder may see
   * their name, photo and title on the sign-in page it leads to. A wrong or rotated secret: 404.
   */
  app.get('/:id/public/:secret/preview', async (c) => {
    const ownerId = uuidParam(c, 'id', API_ERRORS.userNotFound);
    const secret = secretParam(c.req.param('secret'));
    const preview = secret === null ? undefined : await loadSharedProfilePreview(db, ownerId, secret);
    // Signed in as a member the owner blocked (or who blocked the owner): as if there were no such link.
    const viewerId = preview ? await optionalUserId(deps, c) : null;
    if (viewerId !== null && viewerId !== ownerId && (await areBlocked(db, viewerId, ownerId))) throw new ApiError(404, API_ERRORS.userNotFound);
    if (!preview) throw new ApiError(404, API_ERRORS.userNotFound);
    const answer: SharedProfilePreview = preview;
    return c.json(answer);
  });

  /** Beyond docs/product.md: a connection's profile with their contact details, for their connections only. */
  app.get(`/:id${notWords('interactions')}/connection`, signedIn, async (c) => {
    const ownerId = uuidParam(c, 'id', API_ERRORS.userNotFound);
    const profile = await loadConnectionProfile(db, ownerId, c.get('userId'), clock());
    if (!profile) throw new ApiError(404, API_ERRORS.userNotFound);
    const answer: ConnectionProfile = profile;
    return c.json(answer);
  });

  /** The member's link; the same until rotated, so a link shared before keeps working. */
  app.post('/me/share', signedIn, async (c) => {
    const userId = c.get('userId');
    const answer: ShareResponse = { shareUrl: publicProfilePath(userId, await shareSecretOf(db, userId)) };
    return c.json(answer);
  });

  /** Beyond docs/product.md: a new link, for a member who shared theirs too widely; the old one stops working. */
  app.post('/me/share/rotate', signedIn, async (c) => {
    const userId = c.get('userId');
    const answer: ShareResponse = { shareUrl: publicProfilePath(userId, await rotateShareSecret(db, userId)) };
    return c.json(answer);
  });

  /**
   * With the owner's shared secret: connected at once (200; connected already is no change). A QR
   * code scanned offline is replayed by the outbox with its Idempotency-Key.
   */
  app.post('/:id/connect/:secret', signedIn, idempotent(deps), async (c) => {
    const ownerId = uuidParam(c, 'id', API_ERRORS.userNotFound);
    const viewerId = c.get('userId');
    if (ownerId === viewerId) throw new ApiError(400, PROFILE_ERRORS.selfConnect);
    const secret = secretParam(c.req.param('secret'));
    // A blocked pair: refused as for a member who does not exist (services/safety/blocks-sql.ts).
    if (secret === null || !(await shareSecretMatches(db, ownerId, secret)) || (await areBlocked(db, viewerId, ownerId))) {
      throw new ApiError(404, API_ERRORS.userNotFound);
    }
    const answer: ProfileConnectResponse = await connectByShare(db, viewerId, ownerId, clock());
    if (answer.newConnection) notifyNewConnection(deps, ownerId, viewerId);
    return c.json(answer);
  });

  /** Without a secret: interest, connected only once the other side is interested too. */
  app.post('/:id/connect', signedIn, async (c) => {
    const ownerId = uuidParam(c, 'id', API_ERRORS.userNotFound);
    const viewerId = c.get('userId');
    if (ownerId === viewerId) throw new ApiError(400, PROFILE_ERRORS.selfConnect);
    // An unknown member shares nothing with the viewer either: the same 404.
    if (!(await maySeeMember(db, viewerId, ownerId))) throw new ApiError(404, API_ERRORS.userNotFound);
    const answer: ProfileConnectResponse = await recordProfileInterest(db, viewerId, ownerId, clock());
    if (answer.newConnection) notifyNewConnection(deps, ownerId, viewerId);
    return c.json(answer);
  });

  /**
   * The counts of a member's profile header ('Network': connections, 'Events': the member's events
   * the viewer can see), for whoever may see the member.
   */
  const visibleMember = async (c: Context<AppEnv>): Promise<string> => {
    const ownerId = uuidParam(c, 'id', API_ERRORS.userNotFound);
    if (!(await maySeeMember(db, c.get('userId'), ownerId))) throw new ApiError(404, API_ERRORS.userNotFound);
    return ownerId;
  };

  app.get('/:id/connections/count', signedIn, async (c) => {
    const answer: CountResponse = { count: await connectionCount(db, await visibleMember(c)) };
    return c.json(answer);
  });

  app.get('/:id/events/count', signedIn, async (c) => {
    const answer: CountResponse = { count: await eventCount(db, await visibleMember(c), c.get('userId'), clock()) };
    return c.json(answer);
  });

  return [['/users', app]];
}
