import * as v from 'valibot';
import { API_ERRORS } from './errors';

/**
 * Web Push (docs/product.md section 14). Paths, under /api; all for a signed-in member (401 otherwise):
 *
 *   GET    push/public-key                      -> PushPublicKey (the VAPID key to subscribe with)
 *   PUT    push/subscription  PushSubscriptionInput  this browser's subscription, tied to this
 *                                               session (logging out removes it)          -> 204
 *   DELETE push/subscription                    this session's subscriptions               -> 204
 *   GET    push/settings                        -> PushSettings
 *   PUT    push/settings      PushSettingsInput -> PushSettings
 *
 * The service worker reads the messages' PushPayload.
 */

export interface PushPublicKey {
  publicKey: string;
}

/** Longer than any push service's endpoint; the cap keeps a junk value out of the table. */
export const PUSH_ENDPOINT_MAX = 2048;

const base64url = (max: number) =>
  v.pipe(v.string(API_ERRORS.invalidInput), v.maxLength(max, API_ERRORS.inputTooLong), v.regex(/^[A-Za-z0-9_-]+={0,2}$/, API_ERRORS.invalidInput));

/** What PushSubscription.toJSON() gives; expirationTime is read by nobody and may be left out. */
export const pushSubscriptionSchema = v.object({
  endpoint: v.pipe(
    v.string(API_ERRORS.invalidInput),
    v.maxLength(PUSH_ENDPOINT_MAX, API_ERRORS.inputTooLong),
    v.regex(/^https?:\/\/[^\s/?#@]+(?:[/?#]\S*)?$/, API_ERRORS.invalidInput),
  ),
  expirationTime: v.optional(v.nullable(v.number(API_ERRORS.invalidInput))),
  keys: v.object({
    // The browser's P-256 public key (65 bytes) and auth secret (16 bytes), base64url.
    p256dh: base64url(100),
    auth: base64url(40),
  }),
});
export type PushSubscriptionInput = v.InferInput<typeof pushSubscriptionSchema>;

/** The member's choice per kind (both on until changed), and whether this session's device gets them. */
export interface PushSettings {
  newConnection: boolean;
  eventReminder: boolean;
  /** Meeting requests, answers, new times, cancels and the reminder 10 minutes before (docs/product.md, 'Meetings'). */
  meetings: boolean;
  /** A new message in a conversation (docs/product.md, 'Messages'). */
  messages: boolean;
  thisDevice: boolean;
}

export const pushSettingsSchema = v.object({
  newConnection: v.boolean(API_ERRORS.invalidInput),
  eventReminder: v.boolean(API_ERRORS.invalidInput),
  // Optional: a client that does not know the switch yet leaves it as it is.
  meetings: v.optional(v.boolean(API_ERRORS.invalidInput)),
  messages: v.optional(v.boolean(API_ERRORS.invalidInput)),
});
export type PushSettingsInput = v.InferInput<typeof pushSettingsSchema>;

export type PushKind = 'new-connection' | 'event-reminder' | 'meeting' | 'meeting-reminder' | 'message';
const PUSH_KINDS: readonly string[] = ['new-connection', 'event-reminder', 'meeting', 'meeting-reminder', 'message'] satisfies PushKind[];

/** A push message's data: shown by the service worker as is; a tap opens `url` (a path of the app). */
export interface PushPayload {
  kind: PushKind;
  title: string;
  body: string;
  /** Same tag replaces an earlier notification of the same thing instead of stacking. */
  tag: string;
  url: string;
}

/** The payload of a push message, or undefined when it is not one of ours (or not JSON). */
export function parsePushPayload(text: string): PushPayload | undefined {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    return undefined;
  }
  if (typeof data !== 'object' || data === null) return undefined;
  const { kind, title, body, tag, url } = data as Record<string, unknown>;
  if (typeof kind !== 'string' || !PUSH_KINDS.includes(kind)) return undefined;
  if (typeof title !== 'string' || typeof body !== 'string' || typeof tag !== 'string' || typeof url !== 'string') return undefined;
  // Only a path of this app: a tap must never open another site.
  if (!url.startsWith('/') || url.startsWith('//')) return undefined;
  return { kind: kind as PushKind, title, body, tag, url };
}

export const connectionUrl = (userId: string) => `/connections/${userId}`;
export const eventUrl = (eventId: string) => `/events/${eventId}`;
export const meetingUrl = (meetingId: string) => `/meetings/${meetingId}`;
/** A conversation's page: the other member's id (contract/messages.ts). */
export const conversationUrl = (userId: string) => `/messages/${userId}`;
