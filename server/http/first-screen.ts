import { gzipSync } from 'node:zlib';
import type { Context } from 'hono';
import type { Connection, DeckPage, Interaction } from '../../contract/attendees';
import type { EventListItem, EventListResponse } from '../../contract/events';
import type { ConnectionProfile } from '../../contract/profiles';
import { FIRST_SCREEN_DATA_ID, firstScreenReads, type FirstScreenAnswer } from '../../contract/first-screen';
import { screenSourceOf } from '../../contract/screen-code';
import { builtApp, chunksOf, escapeHtml, escapeJson, insertBefore } from './built-app';
import { SESSION_COOKIE } from './session-cookie';

/**
 * The app's page (index.html) as a first visit needs it: what the screen at the requested path
 * will load is announced in the head, so the browser fetches it alongside the entry script rather
 * than after it (contract/first-screen.ts):
 * - for a signed-in member, the answers of the screen's first API reads, made in process with the
 *   member's cookie and embedded as JSON (a data block: it never runs, and `<` is escaped, so no
 *   answer can end it); the app takes them instead of asking again;
 * - with them, the screen's code: `modulepreload` of its chunk and the chunks it imports, and a
 *   preload of its styles (from Vite's build manifest, by the screen's source file);
 * - the picture that is the screen's largest paint (an event's cover, the first cards' covers, the
 *   deck's first photos, a connection's photo), with high priority.
 * A page with embedded answers belongs to one member: it is never stored (no-store, Vary: Cookie).
 * The service worker answers later visits with its cached shell, which has none of this.
 */

/** Only our own media are preloaded (the CSP allows no other image origin anyway). */
const ownImage = (url: string | null | undefined): url is string => typeof url === 'string' && url.startsWith('/media/');

const coverOf = (item: EventListItem | undefined) => item?.eventData?.imageUrl ?? item?.previewData?.imageUrl;

/**
 * The pictures of the screen's largest paint, from its answers: at most the first few. The deck's
 * are its first candidates the member has not swiped or connected with (those the app shows).
 */
function leadImages(answers: FirstScreenAnswer[]): string[] {
  const images: Array<string | null | undefined> = [];
  const bodyOf = (test: RegExp) => answers.find((answer) => test.test(answer.path))?.body;
  const met = new Set([
    ...((bodyOf(/^users\/interactions\//) as Interaction[] | undefined) ?? []).map((interaction) => interaction.toUser.id),
    ...((bodyOf(/^users\/connections$/) as Connection[] | undefined) ?? []).map((connection) => connection.id),
  ]);
  // The Meet page shows the deck, not the event's cover.
  const deck = answers.some((answer) => /^events\/[^/]+\/attendees\?/.test(answer.path));
  for (const { path, body } of answers) {
    if (/^events\/[^/?]+$/.test(path)) {
      if (!deck) images.push(coverOf(body as EventListItem));
    } else if (/^events\/[^/]+\/attendees\?/.test(path)) {
      const waiting = (body as DeckPage).attendees.filter((candidate) => !met.has(candidate.id));
      images.push(...waiting.slice(0, 2).map((candidate) => candidate.imageUrl));
    } else if (/^users\/[^/]+\/connection$/.test(path)) {
      images.push((body as ConnectionProfile).imageUrl);
    } else if (path.startsWith('events?') || path.startsWith('events/my-events')) {
      images.push(...(body as EventListResponse).events.slice(0, 2).map(coverOf));
    }
  }
  return [...new Set(images.filter(ownImage))].slice(0, 4);
}

export interface FirstScreenPages {
  /** The page with its first screen for a signed-in member, or null: then the plain index.html is the page. */
  page(c: Context): Promise<Response | null>;
}

/**
 * `api` answers an API request in process (the app itself), so the embedded answers are exactly
 * what the app would have got over the network.
 */
export function firstScreenPages(distDir: string, api: (request: Request) => Promise<Response>): FirstScreenPages {
  const { shell, manifest } = builtApp(distDir);

  async function answersFor(c: Context, reads: string[]): Promise<{ answers: FirstScreenAnswer[]; cookies: string[] }> {
    const origin = new URL(c.req.url).origin;
    // What the API reads of a request besides the path: the session, and behind a trusted proxy
    // the scheme and host the browser used (a renewed cookie keeps its Secure flag).
    const headers = new Headers({ accept: 'application/json' });
    for (const name of ['cookie', 'x-forwarded-for', 'x-forwarded-proto', 'x-forwarded-host', 'user-agent']) {
      const value = c.req.header(name);
      if (value !== undefined) headers.set(name, value);
    }
    const responses = await Promise.all(
      reads.map(async (path) => {
        const response = await api(new Request(`${origin}/api/${path}`, { headers }));
        const body: unknown = response.status === 200 ? await response.json().catch(() => undefined) : undefined;
        return { path, response, body };
      }),
    );
    // Signed out or expired: the app shows the sign-in, and no answer belongs in the page.
    if (responses[0]?.response.status !== 200) return { answers: [], cookies: [] };
    return {
      answers: responses.filter((r) => r.body !== undefined).map(({ path, body }) => ({ path, body })),
      // A renewed session cookie reaches the browser as it would from the API.
      cookies: responses.flatMap((r) => r.response.headers.getSetCookie()),
    };
  }

  return {
    async page(c) {
      const html = shell();
      if (html === null) return null;
      const url = new URL(c.req.url);
      const signedIn = Boolean(c.req.header('cookie')?.includes(`${SESSION_COOKIE}=`));
      const reads = signedIn ? firstScreenReads(url.pathname, url.search) : [];
      const { answers, cookies } = reads.length > 0 ? await answersFor(c, reads) : { answers: [], cookies: [] };
      if (answers.length === 0) return null;

      // Only with the answers is the screen's code on the way to its largest paint; without them
      // (a visitor, /auth) the shell paints first, and extra downloads would only delay the entry.
      const head: string[] = [];
      const module = screenSourceOf(url.pathname);
      const chunks = module ? chunksOf(manifest(), module) : [];
      for (const chunk of chunks) head.push(`<link rel="modulepreload" crossorigin href="/${escapeHtml(chunk.file)}">`);
      for (const css of new Set(chunks.flatMap((chunk) => chunk.css ?? []))) {
        // Preloaded, not applied: a stylesheet in the head would hold the first paint back.
        head.push(`<link rel="preload" as="style" crossorigin href="/${escapeHtml(css)}">`);
      }
      for (const image of leadImages(answers)) {
        head.push(`<link rel="preload" as="image" fetchpriority="high" href="${escapeHtml(image)}">`);
      }
      const data = `<script type="application/json" id="${FIRST_SCREEN_DATA_ID}">${escapeJson(JSON.stringify(answers))}</script>`;
      const page = insertBefore(insertBefore(html, '</head>', head.join('')), '</body>', data);

      const headers = new Headers({ 'Content-Type': 'text/html; charset=utf-8' });
      headers.set('Cache-Control', 'no-store');
      headers.set('Vary', 'Cookie, Accept-Encoding');
      for (const cookie of cookies) headers.append('Set-Cookie', cookie);
      const bytes = Buffer.from(page);
      if (bytes.length > 1024 && /\bgzip\b/.test(c.req.header('accept-encoding') ?? '')) {
        headers.set('Content-Encoding', 'gzip');
        return new Response(c.req.method === 'HEAD' ? null : gzipSync(bytes), { status: 200, headers });
      }
      return new Response(c.req.method === 'HEAD' ? null : bytes, { status: 200, headers });
    },
  };
}
