import type { Clock } from '../../clock';

/** A clock the test moves by hand, to cross expiry windows without waiting. */
export class TestClock {
  private current: number;

  constructor(start = new Date()) {
    this.current = start.getTime();
  }

  readonly now: Clock = () => new Date(this.current);

  advance(ms: number): void {
    this.current += ms;
  }
}

export const MINUTE = 60 * 1000;
export const DAY = 24 * 60 * MINUTE;
