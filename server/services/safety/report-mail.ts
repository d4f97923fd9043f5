import { REPORT_REASON_TEXT, type ReportReason } from '../../../contract/safety';
import type { ReportEvidenceMessage } from '../../db/tables/safety';
import type { ReportMail } from '../mail/mailer';

/** Who a report names in its mail: id and name only, never how to reach them. */
export interface ReportParty {
  id: string;
  firstName: string;
  lastName: string;
}

export interface StoredReport {
  id: string;
  reason: ReportReason;
  text: string | null;
  evidence: ReportEvidenceMessage[];
  createdAt: Date;
  reporter: ReportParty;
  reported: ReportParty;
}

const escapeHtml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
const named = (party: ReportParty) => `${party.firstName} ${party.lastName}`.trim() + ` (${party.id})`;

/**
 * The report as the operators read it (REPORTS_EMAIL): who reported whom, why, what they wrote,
 * and the conversation's last messages as they stood, oldest first. Plain text, and the same as
 * escaped HTML paragraphs: the members' words are never markup.
 */
export function reportMail(report: StoredReport): ReportMail {
  const lines = [
    `Report ${report.id}, ${report.createdAt.toISOString()}`,
    `Reason: ${REPORT_REASON_TEXT[report.reason]}`,
    `Reported member: ${named(report.reported)}`,
    `Reported by: ${named(report.reporter)}`,
    `What they wrote: ${report.text ?? '(nothing)'}`,
    report.evidence.length === 0
      ? 'Their conversation: no messages.'
      : `Their conversation, the last ${report.evidence.length} messages:\n` +
        report.evidence
          .map((message) => `${message.sentAt} ${message.fromReporter ? report.reporter.firstName : report.reported.firstName}: ${message.text}`)
          .join('\n'),
  ];
  return {
    reportId: report.id,
    subject: `Mingle report: ${REPORT_REASON_TEXT[report.reason]} (${report.id})`,
    text: `${lines.join('\n\n')}\n`,
    html: lines.map((paragraph) => `<p>${escapeHtml(paragraph).replace(/\n/g, '<br>')}</p>`).join(''),
  };
}
