import { Hono, type Context } from 'hono';
import { API_ERRORS } from '../../contract/errors';
import { pushSettingsSchema, pushSubscriptionSchema, type PushPublicKey, type PushSettings } from '../../contract/push';
import { ApiError } from '../http/api-error';
import type { ApiMounts, AppDeps, AppEnv } from '../http/app-env';
import { readJson } from '../http/read-body';
import { requireUser } from '../http/require-user';
import { readSessionToken } from '../http/session-cookie';
import { endpointProblem } from '../services/push/endpoint-policy';
import { readPushSettings, writePushSettings } from '../services/push/settings';
import { removeSessionSubscriptions, saveSubscription, sessionHasSubscription } from '../services/push/subscriptions';
import { vapidDetails } from '../services/push/vapid-keys';
import { hashSessionToken } from '../services/sign-in/sessions';

/** requireUser has checked the cookie's session; its hash ties a device's subscription to it. */
const sessionHash = (c: Context<AppEnv>) => hashSessionToken(readSessionToken(c)!);

/** Web Push (contract/push.ts): the key to subscribe with, this device's subscription, the member's settings. */
export function pushRoutes(deps: AppDeps): ApiMounts {
  const app = new Hono<AppEnv>();
  const { db, config, clock, logger } = deps;
  const signedIn = requireUser(deps);

  app.get('/public-key', signedIn, async (c) => {
    const { publicKey } = await vapidDetails(db, config);
    return c.json({ publicKey } satisfies PushPublicKey);
  });

  app.put('/subscription', signedIn, async (c) => {
    const subscription = await readJson(c, pushSubscriptionSchema);
    const problem = await endpointProblem(subscription.endpoint, config, deps.resolveHost);
    if (problem) {
      // The reason stays in the log: an answer telling 'resolves to 10.0.0.7' from 'does not resolve' would map the network.
      logger.info(`[push] subscription refused: ${problem}`);
      throw new ApiError(400, API_ERRORS.invalidInput, { field: 'endpoint' });
    }
    await saveSubscription(db, c.get('userId'), sessionHash(c), subscription, clock());
    return c.body(null, 204);
  });

  app.delete('/subscription', signedIn, async (c) => {
    await removeSessionSubscriptions(db, sessionHash(c));
    return c.body(null, 204);
  });

  const settingsOf = async (c: Context<AppEnv>): Promise<PushSettings> => ({
    ...(await readPushSettings(db, c.get('userId'))),
    thisDevice: await sessionHasSubscription(db, sessionHash(c)),
  });

  app.get('/settings', signedIn, async (c) => c.json(await settingsOf(c)));

  app.put('/settings', signedIn, async (c) => {
    const settings = await readJson(c, pushSettingsSchema);
    await writePushSettings(db, c.get('userId'), settings, clock());
    return c.json(await settingsOf(c));
  });

  return [['/push', app]];
}
