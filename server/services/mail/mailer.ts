import nodemailer from 'nodemailer';
import type { PinPurpose } from '../../db/tables/members';

/** Sends the one-time sign-in codes. One interface, two implementations chosen by SMTP_URL. */
export interface Mailer {
  sendPinCode(to: string, code: string, purpose: PinPurpose): Promise<void>;
  /** Tells the member that signing in with their address is paused after too many wrong codes. */
  sendSignInPaused(to: string, until: Date): Promise<void>;
  /** A meeting's invitation, its new time or its cancel, with the calendar part (services/meetings/meeting-mails.ts). */
  sendMeetingMail(to: string, mail: CalendarMail): Promise<void>;
  /** A member's report of another, to the operators' address (REPORTS_EMAIL; services/safety/report-mail.ts). */
  sendReport(to: string, mail: ReportMail): Promise<void>;
}

/** A report as mailed: its id names it in a log line that must not carry its words. */
export interface ReportMail extends PinMail {
  reportId: string;
}

/** A mail with an iCalendar invitation (RFC 6047): the text/calendar part carries the METHOD. */
export interface CalendarMail extends PinMail {
  calendar: { method: 'REQUEST' | 'CANCEL'; content: string };
}

export interface PinMail {
  subject: string;
  text: string;
  html: string;
}

const PURPOSE_TEXT: Record<PinPurpose, string> = { signup: 'sign-up', login: 'sign-in' };

export function pinMail(code: string, purpose: PinPurpose, validMinutes: number): PinMail {
  const what = PURPOSE_TEXT[purpose];
  const text =
    `Your Mingle ${what} code is ${code}\n\n` +
    `Enter it in the app within ${validMinutes} minutes. It works once.\n` +
    `If you did not ask for this code, you can ignore this e-mail.\n`;
  // The code is digits only, so it needs no escaping in the HTML.
  const html =
    `<p>Your Mingle ${what} code is</p>` +
    `<p style="font-size:28px;font-weight:bold;letter-spacing:4px">${code}</p>` +
    `<p>Enter it in the app within ${validMinutes} minutes. It works once.</p>` +
    `<p>If you did not ask for this code, you can ignore this e-mail.</p>`;
  return { subject: `Your Mingle code: ${code}`, text, html };
}

export const PIN_VALID_MINUTES = 10;

export function signInPausedMail(until: Date): PinMail {
  const when = `${until.toISOString().slice(0, 16).replace('T', ' ')} UTC`;
  const text =
    'Someone entered too many wrong sign-in codes for your Mingle account, so signing in with this ' +
    `address is paused until ${when}.\n\n` +
    'If it was you, you can request a new code after that time. If it was not you, your account is ' +
    'safe: nobody got in, and the pause is what stopped them. You do not need to do anything.\n';
  const html = text
    .trim()
    .split('\n\n')
    .map((paragraph) => `<p>${paragraph}</p>`)
    .join('');
  return { subject: 'Mingle sign-in paused after too many wrong codes', text, html };
}

/** How long an SMTP connection may wait for each step before the send fails. */
const SMTP_TIMEOUT_MS = 15_000;

/** Real e-mail through an SMTP server (SMTP_URL, for example smtps://user:pass@smtp.example.com). */
export function createSmtpMailer(smtpUrl: string, from: string): Mailer {
  // A mail server that stops answering must not keep a send going for nodemailer's minutes: the
  // mails of meetings go out after the request answered, and shutdown waits for them.
  const transport = nodemailer.createTransport({
    url: smtpUrl,
    connectionTimeout: SMTP_TIMEOUT_MS,
    greetingTimeout: SMTP_TIMEOUT_MS,
    socketTimeout: SMTP_TIMEOUT_MS,
  });
  return {
    async sendPinCode(to, code, purpose) {
      const mail = pinMail(code, purpose, PIN_VALID_MINUTES);
      await transport.sendMail({ from, to, ...mail });
    },
    async sendSignInPaused(to, until) {
      await transport.sendMail({ from, to, ...signInPausedMail(until) });
    },
    async sendMeetingMail(to, { calendar, ...mail }) {
      // nodemailer adds the invitation as a text/calendar alternative with its method, as calendar clients expect.
      await transport.sendMail({ from, to, ...mail, icalEvent: { method: calendar.method, filename: 'invitation.ics', content: calendar.content } });
    },
    async sendReport(to, { reportId: _id, ...mail }) {
      await transport.sendMail({ from, to, ...mail });
    },
  };
}

/**
 * Without SMTP the code is printed to the server log, so a fresh install can sign in at once.
 * It prints whatever LOG_LEVEL says: without it nobody could sign in.
 */
export function createLogMailer(write: (line: string) => void = console.log): Mailer {
  return {
    async sendPinCode(to, code, purpose) {
      const label = purpose === 'signup' ? 'Sign-up code' : 'Sign-in code';
      write(`[mail] To: ${to}  ${label}: ${code}  (SMTP_URL not set; printed instead of sent)`);
    },
    async sendSignInPaused(to, until) {
      write(`[mail] To: ${to}  Sign-in paused until ${until.toISOString()} after too many wrong codes  (SMTP_URL not set)`);
    },
    // Meeting invitations go only by SMTP: the app and the push notices tell the members without it.
    async sendMeetingMail() {},
    // A report names members and quotes their words: only its id is printed.
    async sendReport(to, { reportId }) {
      write(`[mail] To: ${to}  Report ${reportId}  (SMTP_URL not set; the report is stored, not sent)`);
    },
  };
}

export function createMailer(config: { SMTP_URL: string | undefined; MAIL_FROM: string }): Mailer {
  return config.SMTP_URL ? createSmtpMailer(config.SMTP_URL, config.MAIL_FROM) : createLogMailer();
}
