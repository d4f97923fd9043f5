/**
 * Other members' profiles (docs/product.md sections 2, 3 and 7): the public profile, the share link, the
 * Connect from a profile and the public counts. Types only: no schema reads these from a body.
 */
import type { LocationDisplay } from './events';

/**
 * GET users/{id}/public and GET users/{id}/public/{secret}. Never the e-mail, the phone or the
 * professional-network link: those are for connections only.
 */
export interface PublicProfile {
  id: string;
  firstName: string;
  lastName: string;
  imageUrl: string | null;
  role: string | null;
  story: string | null;
  /** Free-text location, shown when there is no locationDisplay. */
  location: string | null;
  locationDisplay: LocationDisplay | null;
  /** 'Network': the member's connections. */
  connectionCount: number;
  /** 'Events': the events of the member the viewer can see. */
  eventCount: number;
  /** Whether the viewer and the member are connected already. */
  connected: boolean;
  /**
   * The member's 'Events' card: their events the viewer can see (the same rule as eventCount),
   * latest start first, at most PROFILE_EVENTS_MAX.
   */
  events: ProfileEvent[];
}

/**
 * GET users/{id}/connection (beyond docs/product.md): a connection's full profile, with the contact details
 * a connection shows; 404 'User not found' for anyone who is not the member's connection.
 */
export interface ConnectionProfile extends PublicProfile {
  email: string;
  phone: string | null;
  linkedinUrl: string | null;
  /** Where the two met (the event of the swipes that connected them), if anywhere. */
  eventId: string | null;
  eventName: string | null;
  /** When that event starts, with its name (null without one or without dates). */
  eventStartsAt: string | null;
  connectedAt: string;
  /** The member's own private note on this connection (contract/connection-notes.ts), or null. */
  note: string | null;
}

export interface ProfileEvent {
  id: string;
  name: string;
  dateTime: string;
  endDateTime: string | null;
}

/** How many of a member's events their profile lists for others. */
export const PROFILE_EVENTS_MAX = 50;

/**
 * POST users/me/share and POST users/me/share/rotate: the path of the member's public profile with
 * its secret; the client prefixes the app's origin (docs/product.md section 7). The secret stays the same
 * until the member rotates it; rotating makes every earlier link stop working.
 */
export interface ShareResponse {
  shareUrl: string;
}

/**
 * POST users/{id}/connect/{secret} and POST users/{id}/connect. With the owner's shared secret the
 * two are connected at once. Without it the viewer's interest is recorded (as a right swipe is)
 * and the connection is made only once the other member is interested too.
 */
export interface ProfileConnectResponse {
  /** The two are connected (now or already). */
  connected: boolean;
  /** This call made the connection. */
  newConnection: boolean;
}

/**
 * GET users/{id}/public/{secret}/preview, signed out too: who shared the link, for the sign-in
 * page it leads to (the rest of the profile needs a session).
 */
export interface SharedProfilePreview {
  firstName: string;
  lastName: string;
  imageUrl: string | null;
  role: string | null;
}

/** GET users/{id}/connections/count and GET users/{id}/events/count. */
export interface CountResponse {
  count: number;
}

/** The path of a member's public profile page with its secret (docs/product.md section 2's route). */
export const publicProfilePath = (userId: string, secret: string) => `/users/${encodeURIComponent(userId)}/public/${encodeURIComponent(secret)}`;
