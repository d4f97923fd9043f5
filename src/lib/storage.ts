/**
 * localStorage that never throws: storage can be unavailable (private modes, quota, blocked
 * cookies), and losing a saved redirect must not break signing in.
 */
export const storage = {
  get(key: string): string | null {
    try {
      return window.localStorage.getItem(key);
    } catch {
      return null;
    }
  },
  set(key: string, value: string): void {
    try {
      window.localStorage.setItem(key, value);
    } catch {
      // Storage unavailable: the value is simply not remembered.
    }
  },
  /** The keys that start with `prefix`; none when storage is unavailable. */
  keys(prefix: string): string[] {
    try {
      return Object.keys(window.localStorage).filter((key) => key.startsWith(prefix));
    } catch {
      return [];
    }
  },
  remove(key: string): void {
    try {
      window.localStorage.removeItem(key);
    } catch {
      // Nothing to remove.
    }
  },
};
