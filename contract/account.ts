import type { Meeting } from './meetings';
import type { Message, MessageSettings } from './messages';
import * as v from 'valibot';
import { pinSchema } from './fields';
import type { ReportReason } from './safety';
import type { Me } from './user';

/**
 * The member's own data (docs/product.md section 15): a download of everything the product holds
 * about them, and erasure of the account.
 */

/**
 * DELETE users/me: the account goes only with a fresh sign-in code (POST login/pin/request for the
 * member's own address first), so a session left open on a stolen phone cannot delete it.
 */
export const deleteAccountSchema = v.object({ pin: pinSchema });
export type DeleteAccount = v.InferInput<typeof deleteAccountSchema>;

/** GET users/me/export: a JSON download; `format` says which version of this shape it is. */
export interface AccountExport {
  format: 'mingle-export-1';
  exportedAt: string;
  /** The member as the app shows them to themselves (GET users/me). */
  profile: Me;
  consents: Array<Record<string, unknown>>;
  sessions: Array<{ createdAt: string; lastSeenAt: string; revokedAt: string | null }>;
  subscription: Record<string, unknown> | null;
  eventsAttended: Array<{ eventId: string; name: string; goal: string | null; joinedAt: string }>;
  eventsCreated: Array<{ eventId: string; name: string; createdAt: string }>;
  interactionsMade: Array<{ toUserId: string; toName: string; eventId: string; type: string; createdAt: string }>;
  interactionsReceived: Array<{ fromUserId: string; eventId: string; type: string; createdAt: string }>;
  connections: Array<{ userId: string; name: string; eventId: string | null; createdAt: string }>;
  profileInterests: Array<{ toUserId: string; createdAt: string }>;
  /** The member's private notes on their connections. */
  connectionNotes: Array<{ aboutUserId: string; note: string; updatedAt: string }>;
  feed: Array<{ type: string; subjectUserId: string; eventId: string | null; createdAt: string }>;
  locationsCreated: Array<{ locationId: string; name: string; country: string; createdAt: string }>;
  /** The member's meetings as they see them (their own 'met' or 'missed' too), and the times they marked 'In a session'. */
  meetings: Meeting[];
  meetingSessions: Array<{ eventId: string; startsAt: string; endsAt: string }>;
  /**
   * The member's conversations with other members (docs/product.md, 'Messages'): every message of
   * both sides still stored, oldest first, as the member sees it; the other member's name while
   * they are connected (null once not, or once they deleted their account).
   */
  conversations: Array<{ userId: string; name: string | null; messages: Message[] }>;
  messageSettings: MessageSettings;
  /** The members the member blocked (by id and name), oldest first (contract/safety.ts). */
  blocks: Array<{ userId: string; name: string; blockedAt: string }>;
  /** The reports the member made, oldest first; `aboutUserId` null once that member deleted their account. */
  reportsMade: Array<{ reportId: string; aboutUserId: string | null; reason: ReportReason; text: string | null; createdAt: string }>;
  /** The member's chats with the assistant, every message (archived ones too), oldest first. */
  chats: Array<{
    chatId: string;
    journeyType: string;
    eventId: string | null;
    selectedEventId: string | null;
    title: string;
    createdAt: string;
    messages: Array<{ role: string; content: string; metadata: unknown; createdAt: string }>;
  }>;
}
