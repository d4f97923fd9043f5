import type { LogLevel } from './env';

/** One line per event on stdout (errors on stderr), so container logs and the terminal read alike. */
export interface Logger {
  error(message: string, error?: unknown): void;
  info(message: string): void;
  debug(message: string): void;
}

const RANK: Record<LogLevel, number> = { silent: 0, error: 1, info: 2, debug: 3 };

export function createLogger(level: LogLevel): Logger {
  const enabled = (wanted: LogLevel) => RANK[level] >= RANK[wanted];
  return {
    error(message, error) {
      if (!enabled('error')) return;
      // The stack goes to the log only; answers to clients never carry it.
      const detail = error instanceof Error ? `\n${error.stack ?? error.message}` : error === undefined ? '' : ` ${String(error)}`;
      console.error(`${message}${detail}`);
    },
    info(message) {
      if (enabled('info')) console.log(message);
    },
    debug(message) {
      if (enabled('debug')) console.log(message);
    },
  };
}
