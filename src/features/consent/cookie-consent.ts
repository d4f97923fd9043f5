import { STORAGE_KEYS } from '../../lib/storage-keys';
import { storage } from '../../lib/storage';

/** The cookie banner's choice: 'all' allows analytics, 'essential' keeps only what sign-in needs. */
export type CookieChoice = 'all' | 'essential';

export function readCookieChoice(): CookieChoice | null {
  const value = storage.get(STORAGE_KEYS.cookieConsent);
  return value === 'all' || value === 'essential' ? value : null;
}

export function saveCookieChoice(choice: CookieChoice): void {
  storage.set(STORAGE_KEYS.cookieConsent, choice);
}
