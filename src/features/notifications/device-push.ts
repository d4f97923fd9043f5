import type { QueryClient } from '@tanstack/react-query';
import type { PushSubscriptionInput } from '../../../contract/push';
import { deleteSubscription } from './api/delete-subscription';
import { pushPublicKeyQueryOptions } from './api/get-public-key';
import { saveSubscription } from './api/save-subscription';
import { keyBytes } from './push-support';

/** Why turning notifications on did not work, in words for the member. */
export class DevicePushError extends Error {
  override readonly name = 'DevicePushError';
}

export const BLOCKED_TEXT = "Notifications are blocked for Mingle. Allow them in your browser's site settings, then try again.";
const NO_WORKER_TEXT = 'Notifications need the app to finish loading. Reload the page and try again.';
const WORKER_WAIT_MS = 10_000;
export const PUSH_SERVICE_SILENT_TEXT =
  "The browser's notification service did not answer. Check your connection and try again; some work and school networks block notifications.";
/** How long the browser's push service may take to subscribe before the member is told (it can hang without a network). */
export const PUSH_SERVICE_WAIT_MS = 10_000;

/** `work`, or the error `text` once `ms` passed without an answer. */
function within<T>(work: Promise<T>, ms: number, text: string): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new DevicePushError(text)), ms)));
  return Promise.race([work, late]).finally(() => clearTimeout(timer));
}

/** The service worker's registration; it registers after the first screen, so it may take a moment. */
async function registration(): Promise<ServiceWorkerRegistration> {
  const now = await navigator.serviceWorker.getRegistration();
  if (now?.active) return now;
  const ready = navigator.serviceWorker.ready;
  const late = new Promise<never>((_, reject) => setTimeout(() => reject(new DevicePushError(NO_WORKER_TEXT)), WORKER_WAIT_MS));
  return Promise.race([ready, late]);
}

/** This browser's subscription, if it has one. */
export async function currentSubscription(): Promise<PushSubscription | null> {
  if (!('serviceWorker' in navigator)) return null;
  const found = await navigator.serviceWorker.getRegistration();
  return (await found?.pushManager.getSubscription()) ?? null;
}

/**
 * Asks for permission (only ever from a press: browsers refuse otherwise and so do we), subscribes
 * with the server's key and hands the subscription to the server. A subscription made for another
 * key (the server's keys were replaced) is dropped and made again.
 */
export async function subscribeThisDevice(queryClient: QueryClient): Promise<void> {
  const permission = Notification.permission === 'default' ? await Notification.requestPermission() : Notification.permission;
  if (permission !== 'granted') throw new DevicePushError(BLOCKED_TEXT);
  const [{ publicKey }, worker] = await Promise.all([queryClient.fetchQuery(pushPublicKeyQueryOptions()), registration()]);
  const key = keyBytes(publicKey);
  let subscription = await worker.pushManager.getSubscription();
  const madeFor = subscription?.options.applicationServerKey;
  if (subscription && madeFor && !sameBytes(new Uint8Array(madeFor), key)) {
    await subscription.unsubscribe();
    subscription = null;
  }
  subscription ??= await within(
    worker.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: key }),
    PUSH_SERVICE_WAIT_MS,
    PUSH_SERVICE_SILENT_TEXT,
  );
  await saveSubscription(subscription.toJSON() as PushSubscriptionInput);
}

/** The server forgets this device first (that alone stops the notifications), then the browser does. */
export async function unsubscribeThisDevice(): Promise<void> {
  await deleteSubscription();
  await (await currentSubscription())?.unsubscribe();
}

function sameBytes(a: Uint8Array, b: Uint8Array): boolean {
  return a.length === b.length && a.every((byte, i) => byte === b[i]);
}
