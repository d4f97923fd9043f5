/**
 * A real SMTP server for the browser tests: the app's server sends its sign-in mails here through
 * nodemailer (SMTP_URL), exactly as in production. Received mails are kept in memory and exposed on
 * a tiny loopback HTTP endpoint, because Playwright's global setup (which owns the sink) and the
 * test workers are different processes. Tests call waitForCode(email).
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  /** Envelope recipients, lower-cased. */
  to: string[];
  from: string;
  subject: string;
  /** The text body (text/plain part when there is one, else the first text part), decoded. */
  text: string;
  /** The first 6-digit number of the body (or subject): the sign-in code. */
  code: string | null;
  receivedAt: number;
  /** Set once a test has taken the code, so the next waitForCode gets a newer mail. */
  taken: boolean;
}

export interface SmtpSink {
  smtpPort: number;
  /** Base URL of the HTTP endpoint (GET /mails?to=, POST /take?to=). */
  httpUrl: string;
  mails: ReceivedMail[];
  close(): Promise<void>;
}

/** Name of the environment variable through which the tests find the sink. */
export const MAIL_URL_ENV = 'E2E_MAIL_URL';

export async function startSmtpSink(): Promise<SmtpSink> {
  const mails: ReceivedMail[] = [];

  const smtp = new SMTPServer({
    // Plain SMTP on loopback: no TLS offer (nodemailer would refuse a self-signed certificate) and
    // no authentication required.
    disabledCommands: ['STARTTLS', 'AUTH'],
    authOptional: true,
    // A reverse DNS lookup of 127.0.0.1 costs about 1.5 s per mail here and tells us nothing.
    disableReverseLookup: true,
    logger: false,
    size: 1024 * 1024,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('error', callback);
      stream.on('end', () => {
        const parsed = parseMail(Buffer.concat(chunks).toString('latin1'));
        const to = session.envelope.rcptTo.map((r) => r.address.trim().toLowerCase());
        const from = session.envelope.mailFrom ? session.envelope.mailFrom.address : '';
        mails.push({ to, from, ...parsed, code: findCode(parsed.text) ?? findCode(parsed.subject), receivedAt: Date.now(), taken: false });
        callback();
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    smtp.once('error', reject);
    smtp.listen(0, '127.0.0.1', () => resolve());
  });
  const smtpPort = (smtp.server.address() as AddressInfo).port;

  const http: Server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    const to = url.searchParams.get('to')?.trim().toLowerCase() ?? '';
    const forAddress = mails.filter((m) => to === '' || m.to.includes(to));
    res.setHeader('Content-Type', 'application/json');
    if (req.method === 'GET' && url.pathname === '/mails') {
      res.end(JSON.stringify(forAddress));
    } else if (req.method === 'POST' && url.pathname === '/take') {
      // The oldest mail with a code not taken yet: each code is handed out once.
      const mail = forAddress.find((m) => !m.taken && m.code !== null);
      if (!mail) {
        res.statusCode = 404;
        res.end(JSON.stringify({ error: 'no new code' }));
        return;
      }
      mail.taken = true;
      res.end(JSON.stringify(mail));
    } else {
      res.statusCode = 404;
      res.end(JSON.stringify({ error: 'not found' }));
    }
  });
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', () => resolve()));
  const httpUrl = `http://127.0.0.1:${(http.address() as AddressInfo).port}`;

  return {
    smtpPort,
    httpUrl,
    mails,
    close: async () => {
      http.closeAllConnections();
      await Promise.all([new Promise<void>((resolve) => http.close(() => resolve())), new Promise<void>((resolve) => smtp.close(() => resolve()))]);
    },
  };
}

function sinkUrl(): string {
  const url = process.env[MAIL_URL_ENV];
  if (!url) throw new Error(`${MAIL_URL_ENV} is not set: the e2e global setup starts the SMTP sink`);
  return url;
}

/**
 * Waits for a mail to `email` carrying a code this test has not taken yet, and returns the code.
 * Request the code in the UI first, then call this.
 */
export async function waitForCode(email: string, timeoutMs = 15_000): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  const url = `${sinkUrl()}/take?to=${encodeURIComponent(email.trim().toLowerCase())}`;
  for (;;) {
    const res = await fetch(url, { method: 'POST' });
    if (res.ok) {
      const mail = (await res.json()) as ReceivedMail;
      if (mail.code) return mail.code;
    }
    if (Date.now() > deadline) throw new Error(`No sign-in code mailed to ${email} within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** Every mail received for `email` so far (taken or not). */
export async function mailsTo(email: string): Promise<ReceivedMail[]> {
  const res = await fetch(`${sinkUrl()}/mails?to=${encodeURIComponent(email.trim().toLowerCase())}`);
  return (await res.json()) as ReceivedMail[];
}

function findCode(text: string): string | null {
  return /(?<!\d)(\d{6})(?!\d)/.exec(text)?.[1] ?? null;
}

// --- A small MIME reader: enough for what nodemailer sends (single part or multipart, 7bit,
// quoted-printable or base64, UTF-8). ---

interface Part {
  headers: Map<string, string>;
  body: string;
}

function splitPart(raw: string): Part {
  const normalized = raw.replace(/\r\n/g, '\n');
  const end = normalized.indexOf('\n\n');
  const head = end === -1 ? normalized : normalized.slice(0, end);
  const body = end === -1 ? '' : normalized.slice(end + 2);
  const headers = new Map<string, string>();
  for (const line of head.replace(/\n[ \t]+/g, ' ').split('\n')) {
    const colon = line.indexOf(':');
    if (colon > 0) headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  return { headers, body };
}

function param(header: string, name: string): string | undefined {
  const match = new RegExp(`${name}\\s*=\\s*("([^"]*)"|[^;\\s]+)`, 'i').exec(header);
  return match ? (match[2] ?? match[1]) : undefined;
}

function decodeBody(part: Part): string {
  const encoding = (part.headers.get('content-transfer-encoding') ?? '7bit').toLowerCase();
  let bytes: Buffer;
  if (encoding === 'base64') bytes = Buffer.from(part.body.replace(/\s+/g, ''), 'base64');
  else if (encoding === 'quoted-printable') bytes = decodeQuotedPrintable(part.body);
  else bytes = Buffer.from(part.body, 'latin1');
  return bytes.toString('utf8');
}

function decodeQuotedPrintable(text: string): Buffer {
  const soft = text.replace(/=\n/g, '');
  const out: number[] = [];
  for (let i = 0; i < soft.length; i++) {
    const hex = soft.slice(i + 1, i + 3);
    if (soft[i] === '=' && /^[0-9A-Fa-f]{2}$/.test(hex)) {
      out.push(parseInt(hex, 16));
      i += 2;
    } else {
      out.push(soft.charCodeAt(i) & 0xff);
    }
  }
  return Buffer.from(out);
}

/** RFC 2047 encoded words in headers (=?UTF-8?Q?...?= and =?UTF-8?B?...?=). */
function decodeHeader(value: string): string {
  return value.replace(/=\?([^?]+)\?([QqBb])\?([^?]*)\?=\s*/g, (_all, _charset: string, kind: string, data: string) =>
    kind.toUpperCase() === 'B' ? Buffer.from(data, 'base64').toString('utf8') : decodeQuotedPrintable(data.replace(/_/g, ' ')).toString('utf8'),
  );
}

function textOf(part: Part): string | undefined {
  const type = part.headers.get('content-type') ?? 'text/plain';
  if (/^multipart\//i.test(type)) {
    const boundary = param(type, 'boundary');
    if (!boundary) return undefined;
    const children = part.body
      .split(`--${boundary}`)
      .slice(1)
      .filter((chunk) => !chunk.startsWith('--'))
      .map((chunk) => splitPart(chunk.replace(/^\n/, '')));
    const plain = children.find((c) => /^text\/plain/i.test(c.headers.get('content-type') ?? 'text/plain'));
    for (const child of plain ? [plain, ...children] : children) {
      const text = textOf(child);
      if (text !== undefined) return text;
    }
    return undefined;
  }
  if (!/^text\//i.test(type)) return undefined;
  const text = decodeBody(part);
  return /^text\/html/i.test(type) ? text.replace(/<[^>]*>/g, ' ') : text;
}

export function parseMail(raw: string): { subject: string; text: string } {
  const root = splitPart(raw);
  return { subject: decodeHeader(root.headers.get('subject') ?? ''), text: textOf(root) ?? '' };
}
