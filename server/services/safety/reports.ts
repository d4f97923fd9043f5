import type { Kysely } from 'kysely';
import { REPORT_EVIDENCE_MESSAGES, type ReportReason } from '../../../contract/safety';
import type { Database } from '../../db/schema';
import type { ReportEvidenceMessage } from '../../db/tables/safety';
import type { Logger } from '../../logger';
import { orderedPair } from '../connections/connection-write';
import type { Mailer } from '../mail/mailer';
import { trackSend } from '../push/in-flight';
import { reportMail, type StoredReport } from './report-mail';

/**
 * Reports (contract/safety.ts): stored with the evidence of the moment, then mailed to the
 * operators (REPORTS_EMAIL) or, without that address, logged as one line that holds no member's
 * words. The reported member is never told, and a report blocks nobody by itself.
 */

export interface NewReport {
  reporterId: string;
  reportedId: string;
  reason: ReportReason;
  /** '' when the member wrote nothing. */
  text: string;
}

/** Stores the report; answers it as the operators read it. */
export async function createReport(db: Kysely<Database>, input: NewReport, now: Date): Promise<StoredReport> {
  return db.transaction().execute(async (trx) => {
    const evidence = await conversationEvidence(trx, input.reporterId, input.reportedId);
    const row = await trx
      .insertInto('reports')
      .values({
        reporter_id: input.reporterId,
        reported_id: input.reportedId,
        reason: input.reason,
        text: input.text === '' ? null : input.text,
        evidence: JSON.stringify(evidence),
        created_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const people = await trx
      .selectFrom('users')
      .select(['id', 'first_name as firstName', 'last_name as lastName'])
      .where('id', 'in', [input.reporterId, input.reportedId])
      .execute();
    const party = (id: string) => people.find((person) => person.id === id) ?? { id, firstName: '', lastName: '' };
    return {
      id: row.id,
      reason: input.reason,
      text: input.text === '' ? null : input.text,
      evidence,
      createdAt: now,
      reporter: party(input.reporterId),
      reported: party(input.reportedId),
    };
  });
}

/**
 * The last REPORT_EVIDENCE_MESSAGES messages of the two members' conversation, oldest first, as they
 * stand now: copied into the report, so a block (which hides the conversation) or an erasure later
 * does not change what was reported. Read through the pair's index (migration 0027).
 */
async function conversationEvidence(db: Kysely<Database>, reporterId: string, reportedId: string): Promise<ReportEvidenceMessage[]> {
  const [a, b] = orderedPair(reporterId, reportedId);
  const rows = await db
    .selectFrom('messages')
    .select(['id', 'sender_id', 'text', 'sent_at'])
    .where('user_a_id', '=', a)
    .where('user_b_id', '=', b)
    .orderBy('sent_at', 'desc')
    .orderBy('id', 'desc')
    .limit(REPORT_EVIDENCE_MESSAGES)
    .execute();
  return rows.reverse().map((row) => ({ id: row.id, fromReporter: row.sender_id === reporterId, text: row.text, sentAt: row.sent_at.toISOString() }));
}

/**
 * After the report is stored: mailed to `to` when the operators set an address, else one log line
 * (id, reason, the two members' ids, how many messages were kept), never the report's words. A
 * mail that fails is logged and fails nothing: the report is stored.
 */
export function passOnReport(deps: { mailer: Mailer; logger: Logger }, to: string | undefined, report: StoredReport): void {
  if (to === undefined) {
    deps.logger.info('[safety] report', {
      reportId: report.id,
      reason: report.reason,
      reporterId: report.reporter.id,
      reportedId: report.reported.id,
      evidenceMessages: report.evidence.length,
      withText: report.text !== null,
    });
    return;
  }
  trackSend(
    deps.mailer.sendReport(to, reportMail(report)).catch((error: unknown) => deps.logger.error(`[safety] the mail of report ${report.id} failed`, error)),
  );
}
