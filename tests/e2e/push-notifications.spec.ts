import { expect, type BrowserContext, type Page } from '@playwright/test';
import { newConnectionPayload } from '../../server/services/push/payloads';
import { adaAndBeaAtOwnEvent, likeByApi, test, type ApiMember } from '../support/api-session';
import { seriousViolations } from '../support/axe';
import { connectButton, expectTopCard, notice, openDeckTab } from '../support/meet-page';
import { waitForServiceWorkerControl } from '../support/pwa';
import { standInForPushService } from '../support/push-subscription';

/**
 * Web Push in Chromium: a member turns notifications on from the profile, the service
 * worker shows a pushed message and a tap takes the app to its screen. The push message is handed
 * to the worker through the DevTools protocol (ServiceWorker.deliverPushMessage), as a push service
 * would deliver it; the browsers' push services cannot be reached from the tests.
 */

async function openProfileControlled(context: BrowserContext): Promise<Page> {
  const page = await context.newPage();
  await page.goto('/profile');
  await expect(page.getByRole('heading', { name: 'Profile', level: 1 })).toBeVisible();
  await waitForServiceWorkerControl(page);
  return page;
}

/** axe's serious and critical findings inside `selector` (docs/architecture.md: none). */
/** The worker's registration as DevTools sees it: what deliverPushMessage addresses. */
async function workerRegistration(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  const registered = new Promise<{ registrationId: string; scopeURL: string }>((resolve) => {
    cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
      const ours = registrations.find((registration) => !registration.isDeleted && registration.scopeURL.startsWith(new URL(page.url()).origin));
      if (ours) resolve(ours);
    });
  });
  await cdp.send('ServiceWorker.enable');
  const { registrationId, scopeURL } = await registered;
  const origin = new URL(scopeURL).origin;
  return { deliver: (data: string) => cdp.send('ServiceWorker.deliverPushMessage', { origin, registrationId, data }) };
}

/** The notifications the worker shows now (getNotifications answers a promise: read it with evaluate, not waitForFunction). */
const shownNotifications = (page: Page) =>
  page.evaluate(async () => {
    const registration = await navigator.serviceWorker.ready;
    return (await registration.getNotifications()).map((n) => ({ title: n.title, body: n.body, tag: n.tag, icon: n.icon, data: n.data as { url: string } }));
  });

/** A tap on the shown notification: its 'notificationclick' dispatched in the worker itself. */
async function tapNotification(context: BrowserContext, tag: string): Promise<void> {
  const worker = context.serviceWorkers()[0] ?? (await context.waitForEvent('serviceworker'));
  await worker.evaluate(async (wanted) => {
    // The worker's globals, which the tests' DOM types do not describe.
    const scope = self as unknown as { registration: ServiceWorkerRegistration; dispatchEvent(event: Event): boolean };
    const NotificationEventClass = (self as unknown as { NotificationEvent: new (type: string, init: { notification: Notification }) => Event })
      .NotificationEvent;
    const [notification] = await scope.registration.getNotifications({ tag: wanted });
    if (!notification) throw new Error(`no notification tagged ${wanted}`);
    scope.dispatchEvent(new NotificationEventClass('notificationclick', { notification }));
  }, tag);
}

/** A push goes through the service worker's event loop: under CI's load it may take seconds to show. */
const SHOWN = { timeout: 15_000 };

test.describe('push notifications', () => {
  let member: ApiMember;
  let other: ApiMember;

  test.beforeEach(async ({ members, baseURL }) => {
    member = await members.create({ tag: 'push notified' });
    other = await members.create({ tag: 'push other', firstName: 'Robin' });
    await member.context.grantPermissions(['notifications'], { origin: baseURL! });
    await standInForPushService(member.context);
  });

  test('turned on from the profile, a pushed connection shows and a tap opens the connection', async () => {
    const page = await openProfileControlled(member.context);
    await page.getByRole('button', { name: 'Notification settings' }).click();
    const settings = page.getByRole('region', { name: 'Notifications', exact: true });
    const device = settings.getByRole('checkbox', { name: /On this device/ });
    await expect(device).not.toBeChecked();
    await device.check();
    await expect(device).toBeChecked();
    await expect(settings.getByRole('checkbox', { name: /New connections/ })).toBeChecked();
    // The server has this session's device, subscribed with its key.
    await expect.poll(async () => (await (await member.api.get('/api/push/settings')).json()).thisDevice).toBe(true);
    expect(await seriousViolations(page, '.notification-settings')).toEqual([]);

    const payload = newConnectionPayload({ id: other.id, firstName: other.firstName, lastName: other.lastName });
    const { deliver } = await workerRegistration(page);
    await deliver(JSON.stringify(payload));
    await expect
      .poll(() => shownNotifications(page), SHOWN)
      .toEqual([
        {
          title: 'Congratulations! 🎉',
          body: `You're now connected with ${other.name}!`,
          tag: `connection-${other.id}`,
          icon: expect.stringContaining('/icons/icon-192.png'),
          data: { url: `/connections/${other.id}` },
        },
      ]);

    // The open window (on /profile) is taken to the connection's page.
    await tapNotification(member.context, payload.tag);
    await expect(page).toHaveURL(new RegExp(`/connections/${other.id}$`));
    await expect.poll(() => shownNotifications(page)).toEqual([]);
  });

  test('an event reminder opens the event; a push that is not ours still shows something plain', async () => {
    const page = await openProfileControlled(member.context);
    const { deliver } = await workerRegistration(page);
    const eventId = '00000000-0000-4000-8000-000000000001';
    await deliver(
      JSON.stringify({
        kind: 'event-reminder',
        title: 'Growth Summit',
        body: 'Starts in an hour. Your goal: Meet founders',
        tag: `event-${eventId}`,
        url: `/events/${eventId}`,
      }),
    );
    await expect
      .poll(async () => (await shownNotifications(page)).map((n) => [n.title, n.body, n.data.url]), SHOWN)
      .toEqual([['Growth Summit', 'Starts in an hour. Your goal: Meet founders', `/events/${eventId}`]]);
    await tapNotification(member.context, `event-${eventId}`);
    await expect(page).toHaveURL(new RegExp(`/events/${eventId}$`));

    await deliver('not json');
    await expect.poll(async () => (await shownNotifications(page)).map((n) => [n.title, n.data.url]), SHOWN).toContainEqual(['Mingle', '/']);
  });

  test('after completing a connection on a phone, the app offers notifications; the browser asks only on the press', async ({ members, baseURL }) => {
    const { ada, bea, event } = await adaAndBeaAtOwnEvent(members, 'Push prompt');
    await standInForPushService(bea.context);
    await likeByApi(ada, bea.id, event.id);
    const page = await openDeckTab(bea.context, event.id);
    await page.setViewportSize({ width: 360, height: 640 });
    await waitForServiceWorkerControl(page);
    const prompt = page.getByRole('region', { name: 'Get notified about new connections?' });
    await expect(prompt).toHaveCount(0);
    expect(await page.evaluate(() => Notification.permission)).toBe('default');

    await expectTopCard(page, ada.name);
    await connectButton(page, ada.firstName).click();
    await expect(notice(page, 'Congratulations! 🎉', `You're now connected with ${ada.name}!`)).toBeVisible();
    await expect(prompt).toBeVisible();
    // Still unanswered: showing the prompt did not ask the browser.
    expect(await page.evaluate(() => Notification.permission)).toBe('default');
    const turnOn = prompt.getByRole('button', { name: 'Turn on notifications' });
    const box = await turnOn.boundingBox();
    expect(box!.y + box!.height).toBeLessThanOrEqual(640);
    expect(await seriousViolations(page, '.connection-prompt')).toEqual([]);

    // The member allows it when the browser asks (Playwright answers for them).
    await bea.context.grantPermissions(['notifications'], { origin: baseURL! });
    await turnOn.click();
    await expect(page.getByRole('region', { name: 'Notifications are on' })).toBeVisible();
    await expect.poll(async () => (await (await bea.api.get('/api/push/settings')).json()).thisDevice).toBe(true);
  });
});
