import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAIL_FAILED } from '../../routes/auth';
import { startSmtpSink, type SmtpSink } from '../../test/helpers/smtp-sink';
import { createTestContext, NAMES, uniqueEmail, type TestContext } from '../../test/helpers/test-app';
import { createLogMailer, createSmtpMailer } from './mailer';

let sink: SmtpSink;
let t: TestContext;
beforeAll(async () => {
  sink = await startSmtpSink();
  t = await createTestContext();
});
afterAll(async () => {
  await sink.close();
  await t.close();
});

describe('SMTP mailer', () => {
  it('delivers the code over SMTP: a sign-up through the API works with the code read from the mail', async () => {
    const app = t.makeApp({}, createSmtpMailer(sink.url, 'Mingle <no-reply@mingle.local>'));
    const client = t.client({}, app);
    const email = uniqueEmail('smtp');
    expect((await client.post('/api/signup/pin/request', { ...NAMES, email })).status).toBe(200);

    const mail = sink.received.find((m) => m.to.includes(email))!;
    expect(mail.from).toBe('no-reply@mingle.local');
    const subject = /^Subject: Your Mingle code: (\d{6})$/m.exec(mail.raw);
    expect(subject).not.toBeNull();
    const code = subject![1]!;
    expect(mail.raw).toContain(`Your Mingle sign-up code is ${code}`);
    expect(mail.raw).toMatch(/Content-Type: text\/html/i);

    const verified = await client.post('/api/signup/pin/verify', { ...NAMES, email, pin: code });
    expect(verified.status).toBe(201);
    expect(verified.body.email).toBe(email);
  });

  it('delivers the notice that signing in is paused, with the time it ends', async () => {
    const email = uniqueEmail('paused');
    await createSmtpMailer(sink.url, 'Mingle <no-reply@mingle.local>').sendSignInPaused(email, new Date('2026-11-24T21:30:00Z'));
    const mail = sink.received.find((m) => m.to.includes(email))!;
    expect(mail.raw).toMatch(/^Subject: Mingle sign-in paused after too many wrong codes$/m);
    expect(mail.raw.replace(/=\r?\n/g, '').replace(/\r?\n/g, ' ')).toContain('paused until 2026-11-24 21:30 UTC');
  });

  it("delivers a report to the operators' address as a plain mail, with no calendar part", async () => {
    const to = uniqueEmail('reports');
    const mail = { reportId: 'r-1', subject: 'Mingle report: Spam (r-1)', text: 'Reason: Spam\n', html: '<p>Reason: Spam</p>' };
    await createSmtpMailer(sink.url, 'Mingle <no-reply@mingle.local>').sendReport(to, mail);
    const received = sink.received.find((m) => m.to.includes(to))!;
    expect(received.raw).toMatch(/^Subject: Mingle report: Spam \(r-1\)$/m);
    expect(received.raw).toContain('Reason: Spam');
    expect(received.raw).not.toMatch(/text\/calendar/i);
  });

  it('answers 502 when the SMTP server cannot be reached', async () => {
    const closed = await startSmtpSink();
    await closed.close();
    const app = t.makeApp({}, createSmtpMailer(closed.url, 'Mingle <no-reply@mingle.local>'));
    const res = await t.client({}, app).post('/api/signup/pin/request', { ...NAMES, email: uniqueEmail('down') });
    expect(res.status).toBe(502);
    expect(res.body).toEqual({ error: MAIL_FAILED });
  });
});

describe('log mailer', () => {
  it('does not print meeting invitations: they go only by SMTP', async () => {
    const lines: string[] = [];
    const calendar = { method: 'REQUEST' as const, content: 'BEGIN:VCALENDAR\r\nEND:VCALENDAR\r\n' };
    await createLogMailer((line) => lines.push(line)).sendMeetingMail('ada@example.com', { subject: 'Meeting', text: 'x', html: '<p>x</p>', calendar });
    expect(lines).toEqual([]);
  });

  it("prints a report's id and where it would go, never its words", async () => {
    const lines: string[] = [];
    await createLogMailer((line) => lines.push(line)).sendReport('safety@mingle.example', {
      reportId: 'r-2',
      subject: 'Mingle report: Harassment (r-2)',
      text: 'What they wrote: something private',
      html: '<p>What they wrote: something private</p>',
    });
    expect(lines).toEqual(['[mail] To: safety@mingle.example  Report r-2  (SMTP_URL not set; the report is stored, not sent)']);
  });

  it('prints the address and the code on one clear line', async () => {
    const lines: string[] = [];
    const mailer = createLogMailer((line) => lines.push(line));
    await mailer.sendPinCode('ada@example.com', '012345', 'login');
    await mailer.sendPinCode('bob@example.com', '999999', 'signup');
    expect(lines).toEqual([
      '[mail] To: ada@example.com  Sign-in code: 012345  (SMTP_URL not set; printed instead of sent)',
      '[mail] To: bob@example.com  Sign-up code: 999999  (SMTP_URL not set; printed instead of sent)',
    ]);
  });
});
