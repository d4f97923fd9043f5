import type { PinPurpose } from '../../db/tables/members';
import type { CalendarMail, Mailer, ReportMail } from '../../services/mail/mailer';

export interface SentCode {
  to: string;
  code: string;
  purpose: PinPurpose;
}

/**
 * Stands in for the SMTP transport in API tests and keeps what was "sent". The SMTP mailer itself
 * is tested against a real SMTP server (services/mail/mailer.test.ts) and by the browser tests.
 */
export class CapturingMailer implements Mailer {
  readonly sent: SentCode[] = [];
  /** Notices that signing in was paused, by address. */
  readonly pauses: Array<{ to: string; until: Date }> = [];
  /** Meeting invitations, by address (their SMTP form is tested in services/meetings/meeting-mails.test.ts). */
  readonly meetingMails: Array<{ to: string; mail: CalendarMail }> = [];
  /** Reports mailed to the operators, by address. */
  readonly reports: Array<{ to: string; mail: ReportMail }> = [];
  /** Set to make the next sends fail, as an unreachable mail server would. */
  failing = false;

  async sendPinCode(to: string, code: string, purpose: PinPurpose): Promise<void> {
    if (this.failing) throw new Error('SMTP unreachable (test)');
    this.sent.push({ to, code, purpose });
  }

  async sendSignInPaused(to: string, until: Date): Promise<void> {
    if (this.failing) throw new Error('SMTP unreachable (test)');
    this.pauses.push({ to, until });
  }

  async sendMeetingMail(to: string, mail: CalendarMail): Promise<void> {
    if (this.failing) throw new Error('SMTP unreachable (test)');
    this.meetingMails.push({ to, mail });
  }

  async sendReport(to: string, mail: ReportMail): Promise<void> {
    if (this.failing) throw new Error('SMTP unreachable (test)');
    this.reports.push({ to, mail });
  }

  /** Six digits that are none of the codes mailed so far: a wrong code, whoever it is tried for. */
  wrongCode(): string {
    const sent = new Set(this.sent.map((mail) => mail.code));
    for (let n = 0; ; n++) {
      const code = String(n).padStart(6, '0');
      if (!sent.has(code)) return code;
    }
  }

  lastCode(to: string): string {
    const mail = this.sent.findLast((m) => m.to === to);
    if (!mail) throw new Error(`No code was sent to ${to}`);
    return mail.code;
  }
}
