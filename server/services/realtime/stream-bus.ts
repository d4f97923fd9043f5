/**
 * How a process learns that a member has new stream events (services/realtime): a wake-up per
 * member, never the event itself; the open streams read the rows (stream-events.ts). In one
 * process (the embedded database) the publisher announces after its commit; with PostgreSQL the
 * publisher's transaction NOTIFYs and every process's listening connection wakes its own streams
 * (postgres-bus.ts), so a message sent through one process reaches a stream open on another.
 */
export interface StreamBus {
  /** True: the publisher's transaction NOTIFYs (postgres-bus.ts); announce() then does nothing. */
  readonly notifiesInDatabase: boolean;
  /** Calls `wake` whenever `userId` may have new events; returns how to stop. */
  subscribe(userId: string, wake: () => void): () => void;
  /** After a commit: wakes this process's streams of these members (in-process bus only). */
  announce(userIds: readonly string[]): void;
  close(): Promise<void>;
}

/** Listeners by member, shared by both buses. */
export class WakeList {
  private readonly byUser = new Map<string, Set<() => void>>();

  add(userId: string, wake: () => void): () => void {
    let set = this.byUser.get(userId);
    if (!set) this.byUser.set(userId, (set = new Set()));
    set.add(wake);
    return () => {
      set.delete(wake);
      if (set.size === 0 && this.byUser.get(userId) === set) this.byUser.delete(userId);
    };
  }

  wake(userId: string): void {
    for (const wake of this.byUser.get(userId) ?? []) wake();
  }

  wakeAll(): void {
    for (const set of this.byUser.values()) for (const wake of set) wake();
  }
}

/** The embedded database's bus: one process, so an emitter in it. */
export function createLocalBus(): StreamBus {
  const list = new WakeList();
  return {
    notifiesInDatabase: false,
    subscribe: (userId, wake) => list.add(userId, wake),
    announce: (userIds) => {
      for (const userId of new Set(userIds)) list.wake(userId);
    },
    close: async () => {},
  };
}
