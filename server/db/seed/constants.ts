import { seedUuid } from './ids';

/** The demo account a developer signs in as (the README names it): a free member. */
export const DEMO_EMAIL = 'demo@mingle.example';
/** A second demo account with an active PRO subscription, to see PRO-only events unlocked. */
export const DEMO_PRO_EMAIL = 'demo.pro@mingle.example';

/**
 * The three flagship events: many attendees each (the swipe deck has material), both demo
 * accounts registered. 'summit' is under way whenever the seed runs (it started the day before),
 * 'festival' starts 9 days later and 'forum' 24 days later. Their ids are stable across seeds.
 */
export const DEMO_FLAGSHIP_EVENT_IDS = {
  summit: seedUuid('event:flagship-summit'),
  festival: seedUuid('event:flagship-festival'),
  forum: seedUuid('event:flagship-forum'),
} as const;

/** The slug of the demo's promotional page (/week/{slug}) for the festival; the README names it. */
export const DEMO_PROMOTION_SLUG = 'nordic-startup-week';

/**
 * Upcoming events whose HTML description carries markup that the client's sanitizer must remove
 * (a script element, an onerror and onclick attribute, a data attribute). Each one sets a window
 * flag if it ever runs, so a browser test can prove it did not.
 */
export const SANITIZER_PROBE_EVENT_IDS = {
  script: seedUuid('event:probe-script'),
  onerror: seedUuid('event:probe-onerror'),
  onclick: seedUuid('event:probe-onclick'),
} as const;
