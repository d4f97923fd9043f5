import { someEventRecordsCopy } from '../../offline/event-records-copy';
import { checkOutboxDatabase, everyOutboxKnownEmpty } from '../../offline/outbox-summary';

/**
 * The outbox's code (Dexie, the outbox and the session that runs it), loaded once and shared.
 * It is not part of the shell: OutboxProvider asks for it when a screen needs the outbox, and the
 * Meet page asks for it as soon as its own code starts loading, so that the two load side by side
 * instead of one after the other (the deck shows no card before the outbox answered).
 */
const importAll = () =>
  Promise.all([import('../../offline/db'), import('../../offline/outbox'), import('./outbox-session')]).then(async (modules) => {
    // Opened here too: opening IndexedDB takes a while at a slow venue phone's start.
    await modules[0].outboxDb().open();
    performance.mark('mingle:outbox-open');
    return modules;
  });

export type OutboxModules = Awaited<ReturnType<typeof importAll>>;

let loading: Promise<OutboxModules> | null = null;
let loaded: OutboxModules | null = null;

/** The outbox's modules with the database opened; a failure is not kept, so a later call tries again. */
export function loadOutboxModules(): Promise<OutboxModules> {
  if (!loading) {
    loading = importAll();
    loading.then(
      (modules) => {
        loaded = modules;
      },
      () => {
        loading = null;
      },
    );
  }
  return loading;
}

/** The load under way or done, if one was asked for: what a test file waits for before it ends. */
export function outboxModulesAsked(): Promise<unknown> | null {
  return loading?.catch(() => undefined) ?? null;
}

/** The modules when they are already loaded and the database open, so that a first render can use them. */
export function loadedOutboxModules(): OutboxModules | null {
  return loaded;
}

/**
 * Starts loading where IndexedDB exists; errors surface to whoever awaits loadOutboxModules().
 * Not when every member's outbox on this device is known to be empty (offline/outbox-summary.ts,
 * after it looked whether the device has an outbox database at all), nor on a Meet page whose
 * event's records were copied for the start (offline/event-records-copy.ts): the deck then shows
 * without it, and the outbox loads when a screen asks, after the cards.
 */
export function preloadOutboxModules(): void {
  if (typeof indexedDB === 'undefined') return;
  const meetEvent = meetPageEventAtStart();
  if (meetEvent !== null && someEventRecordsCopy(meetEvent)) return;
  void checkOutboxDatabase().then(() => {
    if (!everyOutboxKnownEmpty()) loadOutboxModules().catch(() => {});
  });
}

const MEET_PAGE = /^\/events\/([^/]+)\/connect\/?$/;

/** The event of the Meet page the app started on (at a venue, from the home screen), or null. */
export function meetPageEventAtStart(): string | null {
  if (typeof window === 'undefined') return null;
  const id = MEET_PAGE.exec(window.location.pathname)?.[1];
  return id ? decodeURIComponent(id) : null;
}

/**
 * True when the app starts on a Meet page: the deck needs the outbox before it shows a card, so
 * it is wanted from the first render on.
 */
export function startsOnMeetPage(): boolean {
  return meetPageEventAtStart() !== null;
}
