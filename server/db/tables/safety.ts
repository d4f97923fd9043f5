import type { ColumnType, Generated } from 'kysely';
import type { ReportReason } from '../../../contract/safety';
import type { Timestamp } from './column-types';

/** Block and report (migration 0029, server/services/safety). */

export interface BlocksTable {
  blocker_id: string;
  blocked_id: string;
  created_at: Timestamp;
}

/** One message of the conversation kept with a report, as the report was made. */
export interface ReportEvidenceMessage {
  id: string;
  /** Written by the reporter (kept after the reported member's erasure) or by the reported member. */
  fromReporter: boolean;
  text: string;
  sentAt: string;
}

export interface ReportsTable {
  id: Generated<string>;
  reporter_id: string;
  /** Null once the reported member deleted their account: the report keeps the reporter's side. */
  reported_id: ColumnType<string | null, string, string | null>;
  reason: ReportReason;
  text: string | null;
  evidence: ColumnType<ReportEvidenceMessage[], string | undefined, string>;
  created_at: Timestamp;
}
