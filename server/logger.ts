import type { LogFormat, LogLevel } from './env';

/** Values a log line may carry besides its message; undefined ones are left out. */
export type LogFields = Readonly<Record<string, string | number | boolean | undefined>>;

/**
 * One line per event on stdout (errors on stderr), so container logs and the terminal read alike:
 * a JSON object per line in production (LOG_FORMAT=json), the message as text in development.
 */
export interface Logger {
  error(message: string, error?: unknown): void;
  info(message: string, fields?: LogFields): void;
  debug(message: string, fields?: LogFields): void;
}

const RANK: Record<LogLevel, number> = { silent: 0, error: 1, info: 2, debug: 3 };

type LineLevel = Exclude<LogLevel, 'silent'>;

/**
 * The line as written. JSON: time, level, pid (several workers share one stream), msg and the
 * fields. Text: the message and then those fields whose value it does not already say, so a
 * request line reads `[http] GET /api/events/:id 200 3ms requestId=...`.
 */
export function formatLine(format: LogFormat, level: LineLevel, message: string, fields: LogFields = {}): string {
  const defined = Object.entries(fields).filter(([, value]) => value !== undefined);
  if (format === 'json') {
    return JSON.stringify({ time: new Date().toISOString(), level, pid: process.pid, msg: message, ...Object.fromEntries(defined) });
  }
  const extra = defined.filter(([, value]) => !message.includes(String(value)));
  return extra.length === 0 ? message : `${message} ${extra.map(([key, value]) => `${key}=${String(value)}`).join(' ')}`;
}

/** The error's fields for a log line: the stack goes to the log only, answers to clients never carry it. */
function errorFields(error: unknown): LogFields {
  if (error instanceof Error) return { error: error.stack ?? `${error.name}: ${error.message}` };
  return error === undefined ? {} : { error: String(error) };
}

export function createLogger(level: LogLevel, format: LogFormat = 'text'): Logger {
  const enabled = (wanted: LogLevel) => RANK[level] >= RANK[wanted];
  return {
    error(message, error) {
      if (!enabled('error')) return;
      if (format === 'json') {
        console.error(formatLine(format, 'error', message, errorFields(error)));
        return;
      }
      const detail = error instanceof Error ? `\n${error.stack ?? error.message}` : error === undefined ? '' : ` ${String(error)}`;
      console.error(`${message}${detail}`);
    },
    info(message, fields) {
      if (enabled('info')) console.log(formatLine(format, 'info', message, fields));
    },
    debug(message, fields) {
      if (enabled('debug')) console.log(formatLine(format, 'debug', message, fields));
    },
  };
}

/**
 * Where the mail that SMTP would have sent is printed when SMTP_URL is not set, whatever
 * LOG_LEVEL says (without it nobody could sign in). The one line in the log that carries a code,
 * marked as such: devSignInCode in JSON, and the message says it was printed instead of sent.
 */
export function printedMailWriter(format: LogFormat): (line: string) => void {
  return (line) =>
    console.log(format === 'json' && /\bcode: \d+/.test(line) ? formatLine(format, 'info', line, { devSignInCode: true }) : formatLine(format, 'info', line));
}
