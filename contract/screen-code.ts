// Which code each screen with first reads loads, for the pages that announce it in their head: the
// server's first-screen page (from the build's manifest) and the service worker's shell (from a data
// block the build writes into index.html). No imports: the build's configuration reads this file.

/** A screen that has first reads: the page paths it opens on, and its source as in the route table (src/app/routes.tsx). */
interface Screen {
  source: string;
  /** Matches the page's path; its groups are the path's values (still URL-encoded). */
  path: RegExp;
}

/**
 * The screens with first reads, in the order they are matched: one table, from which both the
 * pages' announced code (below) and the first reads (contract/first-screen.ts, keyed by source)
 * are found, so the two cannot disagree on which path is which screen.
 */
export const SCREENS = [
  { source: 'src/routes/events.tsx', path: /^\/(?:events\/?)?$/ },
  { source: 'src/routes/event-connect.tsx', path: /^\/events\/([^/]+)\/connect\/?$/ },
  // '/events/create' is the form to create one, not an event's page.
  { source: 'src/routes/event-detail.tsx', path: /^\/events\/(?!create\/?$)([^/]+)\/?$/ },
  { source: 'src/routes/profile.tsx', path: /^\/profile\/?$/ },
  { source: 'src/routes/connections.tsx', path: /^\/connections\/?$/ },
  { source: 'src/routes/connection.tsx', path: /^\/connections\/([^/]+)\/?$/ },
  { source: 'src/routes/pricing.tsx', path: /^\/pricing\/?$/ },
  { source: 'src/routes/assistant.tsx', path: /^\/assistant\/?$/ },
  { source: 'src/routes/feed.tsx', path: /^\/feed\/?$/ },
  // The meetings at an event, at every event and one meeting; '/meetings/new' is the request form.
  // The conversations and one conversation.
  { source: 'src/routes/messages.tsx', path: /^\/messages(?:\/([^/]+))?\/?$/ },
  { source: 'src/routes/meetings.tsx', path: /^\/(?:events\/([^/]+)\/meetings|meetings(?:\/(?!new\/?$)([^/]+))?)\/?$/ },
] as const satisfies readonly Screen[];

export type ScreenSource = (typeof SCREENS)[number]['source'];

/** The source files of those screens. */
export const SCREEN_SOURCES: readonly ScreenSource[] = /* @__PURE__ */ SCREENS.map((screen) => screen.source);

/**
 * The screen at `pathname` and the path's values (URL-encoded; '' for a part the path does not
 * have), or null when none has first reads.
 */
export function screenAt(pathname: string): { source: ScreenSource; values: string[] } | null {
  for (const screen of SCREENS) {
    const match = screen.path.exec(pathname);
    if (match) return { source: screen.source, values: match.slice(1).map((value) => value ?? '') };
  }
  return null;
}

/** The source file of the screen at `pathname` among SCREEN_SOURCES, or null. */
export function screenSourceOf(pathname: string): ScreenSource | null {
  return screenAt(pathname)?.source ?? null;
}

/**
 * The module that restores the persisted query cache before the first render (src/app/main.tsx):
 * a start from the service worker's shell nearly always has a cache to restore.
 */
export const CACHE_RESTORER_SOURCE = 'src/app/query-cache-persistence.ts';

/**
 * The id of the data block the build writes into index.html: JSON, from each of SCREEN_SOURCES and
 * CACHE_RESTORER_SOURCE to the files it loads beside the entry, its own last.
 */
export const SCREEN_CODE_ID = 'screen-code';
