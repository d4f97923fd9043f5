import type { PinPurpose } from '../../server/db/tables/members';
import type { Mailer } from '../../server/services/mail/mailer';

/** Stands in for SMTP in the in-process benchmark: keeps only the last code sent to each address. */
export class LastCodeMailer implements Mailer {
  private readonly codes = new Map<string, string>();

  async sendPinCode(to: string, code: string, _purpose: PinPurpose): Promise<void> {
    this.codes.set(to, code);
  }

  async sendSignInPaused(_to: string, _until: Date): Promise<void> {}

  async sendMeetingMail(): Promise<void> {}

  async sendReport(): Promise<void> {}

  lastCode(to: string): string {
    const code = this.codes.get(to);
    if (!code) throw new Error(`No code was sent to ${to}`);
    return code;
  }
}
