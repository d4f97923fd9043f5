/**
 * Time zone names as members' devices and the demo data give them: events are held in one, and
 * meeting times are offered and shown in it (docs/product.md, 'Meetings'). Apart from the meeting
 * slots so that creating an event, which checks its creator's zone, does not load them.
 */

/** A time zone the runtime knows, else 'UTC'. */
export function knownTimeZone(timeZone: string | null | undefined): string {
  if (!timeZone) return 'UTC';
  try {
    new Intl.DateTimeFormat('en-GB', { timeZone });
    return timeZone;
  } catch {
    return 'UTC';
  }
}

/**
 * An IANA time zone name the runtime knows, in its own letter case ('europe/oslo' -> 'Europe/Oslo';
 * an old alias stays as given: 'Asia/Kolkata' is not turned into ICU's 'Asia/Calcutta'), or null for
 * anything else (offsets such as '+01:00' included: a place has a zone, not an offset).
 */
export function canonicalTimeZone(name: string): string | null {
  if (name.length > 64 || !/^[A-Za-z][A-Za-z0-9_/+-]*$/.test(name)) return null;
  try {
    const resolved = new Intl.DateTimeFormat('en-GB', { timeZone: name }).resolvedOptions().timeZone;
    return resolved.toLowerCase() === name.toLowerCase() ? resolved : name;
  } catch {
    return null;
  }
}
