import type { Logger } from '../logger';

export interface StopOptions {
  /**
   * A second signal exits at once with 1 (a second Ctrl+C means "now"). A cluster worker keeps
   * draining instead: Ctrl+C reaches it both from the terminal and from its primary.
   */
  secondSignalExits: boolean;
}

/**
 * On the first SIGTERM or SIGINT runs `stop` once, then exits: 0 when it finished, 1 when it
 * threw. The exit is explicit so that a timer or socket nobody closed cannot keep the process up.
 */
export function stopOnSignals(logger: Logger, options: StopOptions, stop: (reason: string) => Promise<void>): (reason: string) => void {
  let stopping = false;
  const begin = (reason: string) => {
    if (stopping) {
      if (options.secondSignalExits) process.exit(1);
      return;
    }
    stopping = true;
    stop(reason).then(
      () => process.exit(0),
      (error: unknown) => {
        logger.error('[server] shutdown failed', error);
        process.exit(1);
      },
    );
  };
  process.on('SIGTERM', () => begin('SIGTERM'));
  process.on('SIGINT', () => begin('SIGINT'));
  return begin;
}
