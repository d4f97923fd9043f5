import { CACHE_RESTORER_SOURCE, SCREEN_CODE_ID, screenSourceOf } from '../contract/screen-code';

const BLOCK = new RegExp(`<script type="application/json" id="${SCREEN_CODE_ID}">([^<]*)</script>`);
const ASSET = /^\/assets\/[\w.-]+\.(?:js|css)$/;

/** The files the build listed for `source` in the page's block (only the build's own assets). */
function listed(screens: unknown, source: string): string[] {
  const files = typeof screens === 'object' && screens !== null ? (screens as Record<string, unknown>)[source] : undefined;
  return Array.isArray(files) ? files.filter((file): file is string => typeof file === 'string' && ASSET.test(file)) : [];
}

/**
 * The shell's HTML for a navigation to `pathname`, with the screen's code announced in its head
 * (`modulepreload`, as the server does for a first visit), read from the block the build wrote
 * into the page (scripts/screen-code-plugin.ts). With it the browser fetches and compiles the
 * screen's chunks, and the persisted cache's restorer, while the entry script still runs: an
 * offline start from the home screen no longer waits for the entry before asking for them. The
 * page is unchanged for a path without such a screen, or when the block is missing or malformed.
 */
export function withScreenCode(html: string, pathname: string): string {
  const source = screenSourceOf(pathname);
  const block = source === null ? null : BLOCK.exec(html);
  if (source === null || block === null) return html;
  let screens: unknown;
  try {
    screens = JSON.parse(block[1]!);
  } catch {
    return html;
  }
  const files = [...new Set([...listed(screens, CACHE_RESTORER_SOURCE), ...listed(screens, source)])];
  const links = files
    .map((file) =>
      file.endsWith('.css') ? `<link rel="preload" as="style" crossorigin href="${file}">` : `<link rel="modulepreload" crossorigin href="${file}">`,
    )
    .join('');
  const head = html.indexOf('</head>');
  return links === '' || head === -1 ? html : html.slice(0, head) + links + html.slice(head);
}

/** `response` (the precached shell) with its HTML passed through withScreenCode, headers kept. */
export async function shellWithScreenCode(response: Response, pathname: string): Promise<Response> {
  if (!response.ok || screenSourceOf(pathname) === null) return response;
  const html = await response.text();
  return new Response(withScreenCode(html, pathname), { status: response.status, statusText: response.statusText, headers: response.headers });
}
