/**
 * When the app offers to install itself, and how. Pure: the browser facts are read by
 * browserInstallFacts() and passed in, so the rules are tested without a browser.
 */

/** A dismissal ('Not now' or the close button) keeps every offer away this long. */
export const INSTALL_DISMISS_MS = 30 * 24 * 60 * 60 * 1000;

/** localStorage keys (kept here, not in lib/storage-keys.ts: that file is in the shell's budget). */
export const INSTALL_DISMISSED_KEY = 'mingle.installDismissedAt';
/** Set on the first page load that could offer an install: the navigation offer waits for a later one. */
export const INSTALL_FIRST_SEEN_KEY = 'mingle.installFirstSeenAt';

/** The notice every event join shows (docs/product.md section 8): the moment for the offer after a join. */
export const JOINED_DESCRIPTION = "You've successfully joined the event.";

/** Chromium's beforeinstallprompt event (not in TypeScript's DOM library). */
export interface BeforeInstallPromptEvent extends Event {
  prompt: () => Promise<unknown>;
  userChoice: Promise<{ outcome: 'accepted' | 'dismissed'; platform?: string }>;
}

export interface InstallFacts {
  /** Running as the installed app (display-mode standalone, or navigator.standalone on iOS). */
  standalone: boolean;
  /** iPhone or iPad Safari: no beforeinstallprompt, adding to the home screen is by hand. */
  iosSafari: boolean;
}

export interface InstallInputs extends InstallFacts {
  /** A kept beforeinstallprompt event: the browser can show its install dialog. */
  canPrompt: boolean;
  /** appinstalled fired in this page. */
  installed: boolean;
  /** When the member last dismissed an offer (ms since epoch, as stored), or null. */
  dismissedAt: string | null;
  /** A page load before this one could already have offered it (not the first load). */
  seenBefore: boolean;
  /** The member joined an event in this page. */
  joined: boolean;
  now: number;
}

export type InstallKind = 'prompt' | 'ios';

export interface InstallOffer {
  /** The browser's own dialog ('prompt') or the add-to-home-screen steps ('ios'). */
  kind: InstallKind;
  /** Right after a join a card that says why; otherwise the entry beside the navigation. */
  place: 'join' | 'nav';
}

export function dismissedLately(dismissedAt: string | null, now: number): boolean {
  if (dismissedAt === null) return false;
  const at = Number(dismissedAt);
  // A value in the future (a changed clock) or garbage counts as no dismissal older than 30 days.
  return Number.isFinite(at) && now - at < INSTALL_DISMISS_MS && at <= now;
}

/** What to show, or null for nothing. */
export function installOffer(input: InstallInputs): InstallOffer | null {
  if (input.standalone || input.installed) return null;
  const kind: InstallKind | null = input.canPrompt ? 'prompt' : input.iosSafari ? 'ios' : null;
  if (!kind || dismissedLately(input.dismissedAt, input.now)) return null;
  if (input.joined) return { kind, place: 'join' };
  // Never on the first load: a visitor who just arrived has not decided the app is worth keeping.
  return input.seenBefore ? { kind, place: 'nav' } : null;
}

/**
 * iPhone and iPad Safari. iPadOS Safari says "Macintosh" but has touch; other browsers on iOS
 * (CriOS, FxiOS, EdgiOS) put their name in the user agent and have their own menus.
 */
export function isIosSafari(userAgent: string, maxTouchPoints: number): boolean {
  const ios = /iPhone|iPad|iPod/.test(userAgent) || (/Macintosh/.test(userAgent) && maxTouchPoints > 1);
  return ios && /Safari\//.test(userAgent) && !/CriOS|FxiOS|EdgiOS|OPiOS|GSA\//.test(userAgent);
}

export function browserInstallFacts(): InstallFacts {
  const standalone = window.matchMedia('(display-mode: standalone)').matches || (navigator as Navigator & { standalone?: boolean }).standalone === true;
  return { standalone, iosSafari: isIosSafari(navigator.userAgent, navigator.maxTouchPoints) };
}
