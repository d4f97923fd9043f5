// Which code each screen with first reads loads, for the pages that announce it in their head: the
// server's first-screen page (from the build's manifest) and the service worker's shell (from a data
// block the build writes into index.html). No imports: the build's configuration reads this file.

export const EVENT_PAGE = /^\/events\/([^/]+)\/?$/;
export const DECK_PAGE = /^\/events\/([^/]+)\/connect\/?$/;
export const CONNECTION_PAGE = /^\/connections\/([^/]+)\/?$/;

/** The source files of those screens, as in the route table (src/app/routes.tsx). */
export const SCREEN_SOURCES = [
  'src/routes/events.tsx',
  'src/routes/event-connect.tsx',
  'src/routes/event-detail.tsx',
  'src/routes/profile.tsx',
  'src/routes/connections.tsx',
  'src/routes/connection.tsx',
  'src/routes/feed.tsx',
  'src/routes/pricing.tsx',
  'src/routes/assistant.tsx',
] as const;

/** The source file of the screen at `pathname` among SCREEN_SOURCES, or null. */
export function screenSourceOf(pathname: string): string | null {
  if (pathname === '/' || /^\/events\/?$/.test(pathname)) return 'src/routes/events.tsx';
  if (DECK_PAGE.test(pathname)) return 'src/routes/event-connect.tsx';
  const event = EVENT_PAGE.exec(pathname)?.[1];
  if (event !== undefined && event !== 'create') return 'src/routes/event-detail.tsx';
  if (/^\/profile\/?$/.test(pathname)) return 'src/routes/profile.tsx';
  if (/^\/connections\/?$/.test(pathname)) return 'src/routes/connections.tsx';
  if (CONNECTION_PAGE.test(pathname)) return 'src/routes/connection.tsx';
  if (/^\/pricing\/?$/.test(pathname)) return 'src/routes/pricing.tsx';
  if (/^\/assistant\/?$/.test(pathname)) return 'src/routes/assistant.tsx';
  if (/^\/feed\/?$/.test(pathname)) return 'src/routes/feed.tsx';
  return null;
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
