import { FIELD_LIMITS } from './limits';

/**
 * Block, report and 'not networking right now' (docs/product.md, 'Safety'). Paths, under /api
 * (every write takes an Idempotency-Key):
 *
 *   PUT    users/{id}/block          block the member                         -> 204 (again: 204)
 *   DELETE users/{id}/block          unblock (the connection does not come back) -> 204
 *   GET    users/me/blocked          the members the member blocked, latest first -> BlockedMember[]
 *   POST   users/{id}/report         ReportInput                                -> 201 {id}
 *   GET    users/me/networking       -> NetworkingStatus
 *   PUT    users/me/networking       NetworkingStatus -> NetworkingStatus
 *
 * After a block the two never see each other, whoever blocked: not in decks, the feed, connections
 * (the connection ends), conversations (hidden, no new messages), meetings (open ones cancelled;
 * the blocked member is told only that it was cancelled), public profiles and share links (404
 * both ways), QR and share-link connects (refused as not found). The blocked member is never told.
 * A member who is not networking shows in no deck and cannot be asked to meet, and stays
 * registered at their events.
 */

export interface BlockedMember {
  id: string;
  firstName: string;
  lastName: string;
  imageUrl: string | null;
  blockedAt: string;
}

export const REPORT_REASONS = ['spam', 'harassment', 'fake_profile', 'inappropriate', 'other'] as const;
export type ReportReason = (typeof REPORT_REASONS)[number];

/** The reasons as a member reads them. */
export const REPORT_REASON_TEXT: Record<ReportReason, string> = {
  spam: 'Spam',
  harassment: 'Harassment',
  fake_profile: 'Fake profile',
  inappropriate: 'Inappropriate content',
  other: 'Other',
};

/** What a report may say besides its reason (characters). */
export const REPORT_TEXT_MAX_LENGTH = FIELD_LIMITS.reportText;
/** The conversation's last messages kept with a report as evidence. */
export const REPORT_EVIDENCE_MESSAGES = 20;

export interface ReportInput {
  reason: ReportReason;
  /** Optional; at most REPORT_TEXT_MAX_LENGTH. */
  text?: string;
}

export interface NetworkingStatus {
  /** True: 'Not networking right now'. */
  paused: boolean;
}

export const SAFETY_ERRORS = {
  notFound: 'Member not found',
  blockSelf: 'You cannot block yourself',
  reportSelf: 'You cannot report yourself',
  reason: 'Choose a reason',
} as const;

/** The refusal of a meeting request to a member who is not networking right now. */
export const notNetworkingError = (firstName: string) => `${firstName} is not networking right now`;
