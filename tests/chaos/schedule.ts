/**
 * A chaos schedule: what one member does at the venue (swipes, undos, goal edits, through the
 * outbox as the screens do) interleaved with what goes wrong meanwhile (the network drops, the
 * server is killed), and the rates at which single requests fail or are slow. Everything follows
 * from the seed, so a failing seed can be run again (tests/bench/chaos-replay.ts --seed=N).
 */
import type { SwipeDirection, SwipeTarget } from '../../server/test/helpers/swipe-event-data';
import { prng } from './prng';

export type Step =
  | { op: 'swipe'; target: string; direction: SwipeDirection }
  | { op: 'undo'; target: string }
  | { op: 'goal'; goal: string }
  /** The member waits (the outbox sends meanwhile). */
  | { op: 'pause'; ms: number }
  /** No connection reaches the server for `ms` (the venue's Wi-Fi drops). */
  | { op: 'offline'; ms: number }
  /** kill -9 of the server process now, wherever it is; it is started again. */
  | { op: 'kill' }
  /** kill -9 of the server right after the next Idempotency-Key claim it stores, before the route runs. */
  | { op: 'crash-at-next-claim' };

/** Per request, at the proxy: the chance of each fault. */
export interface FaultRates {
  /** 500 without reaching the server. */
  refuse: number;
  /** Reaches the server, which applies it; the answer is replaced by a 500. */
  errorAfter: number;
  /** Reaches the server; the connection is cut before the answer (the client sees no answer). */
  dropAfter: number;
  /** Held 50 ms to 1 s before it is forwarded or before its answer goes back. */
  slow: number;
}

export interface Schedule {
  seed: number;
  steps: Step[];
  faults: FaultRates;
}

/** What the server must hold once the outbox is empty: the last intent per target, and the goal. */
export interface Expected {
  swipes: Map<string, SwipeDirection>;
  goal: string | null;
}

export function makeSchedule(seed: number, targets: readonly SwipeTarget[]): Schedule {
  const random = prng(seed);
  const faults: FaultRates = {
    refuse: random.next() * 0.15,
    errorAfter: random.next() * 0.1,
    dropAfter: random.next() * 0.1,
    slow: random.next() * 0.3,
  };
  const steps: Step[] = [];
  const swiped: string[] = [];
  let goals = 0;
  const trouble = () => {
    const roll = random.next();
    if (roll < 0.1) steps.push({ op: 'offline', ms: random.int(200, 2000) });
    else if (roll < 0.14) steps.push({ op: 'kill' });
    else if (roll < 0.2) steps.push({ op: 'crash-at-next-claim' });
  };
  for (const target of [...targets].sort(() => random.next() - 0.5)) {
    steps.push({ op: 'swipe', target: target.id, direction: random.chance(0.6) ? 'right' : 'left' });
    // A right swipe at a target who liked the member first connects them: that cannot be undone (409).
    if (!target.likedFirst) swiped.push(target.id);
    if (random.chance(0.25)) steps.push({ op: 'goal', goal: `Goal ${seed}-${++goals}` });
    if (swiped.length > 0 && random.chance(0.2)) {
      // An undo of a recent swipe (the deck's undo button), sometimes swiped again afterwards.
      const undone = random.pick(swiped.slice(-3));
      steps.push({ op: 'undo', target: undone });
      if (random.chance(0.5)) steps.push({ op: 'swipe', target: undone, direction: random.chance(0.5) ? 'right' : 'left' });
    }
    trouble();
    steps.push({ op: 'pause', ms: random.int(0, 300) });
  }
  steps.push({ op: 'goal', goal: `Goal ${seed}-last` });
  // Every schedule has the server die at least once right after a claim: before the lease, a crash there
  // left the key claimed and every retry refused with 409, so the swipe never landed.
  steps.splice(random.int(0, steps.length - 1), 0, { op: 'crash-at-next-claim' });
  return { seed, steps, faults };
}

/** The member's last intent per target and the last goal. */
export function expectedState(schedule: Schedule): Expected {
  const swipes = new Map<string, SwipeDirection>();
  let goal: string | null = null;
  for (const step of schedule.steps) {
    if (step.op === 'swipe') swipes.set(step.target, step.direction);
    else if (step.op === 'undo') swipes.delete(step.target);
    else if (step.op === 'goal') goal = step.goal;
  }
  return { swipes, goal };
}
