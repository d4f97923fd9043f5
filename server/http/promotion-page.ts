import { resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Context, MiddlewareHandler } from 'hono';
import { PROMOTION_DATA_ID, promotionPagePath, type Promotion } from '../../contract/promotions';
import { findPromotion } from '../routes/promotions';
import type { AppDeps } from './app-env';
import { builtApp, chunksOf, escapeHtml, escapeJson, insertBefore, replaceFirst } from './built-app';
import { appOrigin } from './client-info';

/**
 * The promotional page /week/{slug} as the server sends it: the app's index.html with
 * the promotion's title, description, Open Graph and Twitter card tags (chat apps and social
 * networks read these and run no JavaScript), the page's data embedded as JSON (so it paints
 * without an API round trip) and its chunk announced with modulepreload (it downloads beside the
 * entry script, not after it). An unknown slug gets the same page with status 404 and no data:
 * the app shows its not-found text. The page holds nothing personal, so any cache may keep it
 * briefly; it is revalidated, like index.html, so a new release reaches it.
 */

/** The screen's source file, as Vite's build manifest names it. */
const SCREEN_MODULE = 'src/routes/week.tsx';

/** Previews cut descriptions anyway; a short one reads better than one cut mid-word by them. */
const DESCRIPTION_MAX = 200;
const shorten = (text: string) => (text.length <= DESCRIPTION_MAX ? text : `${text.slice(0, DESCRIPTION_MAX - 1).trimEnd()}…`);

const dateFormat = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });

/** The head's tags for a promotion: what a link preview shows. */
export function promotionHeadTags(promotion: Promotion, origin: string): { title: string; tags: string } {
  const url = `${origin}${promotionPagePath(promotion.slug)}`;
  const dates = `${dateFormat.format(new Date(promotion.startsAt))} – ${dateFormat.format(new Date(promotion.endsAt))}`;
  const description = shorten(`${dates}. ${promotion.description}`);
  const image = promotion.imageUrl ? new URL(promotion.imageUrl, origin).href : `${origin}/icons/icon-512.png`;
  const meta: Array<[string, string, string]> = [
    ['name', 'description', description],
    ['property', 'og:type', 'website'],
    ['property', 'og:site_name', 'Mingle'],
    ['property', 'og:title', promotion.title],
    ['property', 'og:description', description],
    ['property', 'og:image', image],
    ['property', 'og:image:alt', promotion.title],
    ['property', 'og:url', url],
    ['name', 'twitter:card', 'summary_large_image'],
    ['name', 'twitter:title', promotion.title],
    ['name', 'twitter:description', description],
    ['name', 'twitter:image', image],
  ];
  const tags = [
    ...meta.map(([attribute, key, value]) => `<meta ${attribute}="${key}" content="${escapeHtml(value)}">`),
    `<link rel="canonical" href="${escapeHtml(url)}">`,
  ].join('');
  return { title: `${promotion.title} · Mingle`, tags };
}

/** GET /week/{slug}; passes on (to the static app) while the app is not built. */
export function promotionPage(deps: AppDeps): MiddlewareHandler {
  const root = resolve(deps.config.DIST_DIR);
  const { shell, manifest } = builtApp(root);

  return async (c: Context, next) => {
    const html = shell();
    if (html === null) return next();
    const promotion = await findPromotion(deps.db, c.req.param('slug') ?? '');
    let page: string;
    if (promotion) {
      const { title, tags } = promotionHeadTags(promotion, appOrigin(c, deps.config));
      const preloads = chunksOf(manifest(), SCREEN_MODULE)
        .map((chunk) => `<link rel="modulepreload" crossorigin href="/${escapeHtml(chunk.file)}">`)
        .join('');
      // The hero is the page's largest paint: asked for with the entry, not once the screen renders.
      const hero = promotion.imageUrl?.startsWith('/media/')
        ? `<link rel="preload" as="image" fetchpriority="high" href="${escapeHtml(promotion.imageUrl)}">`
        : '';
      const data = `<script type="application/json" id="${PROMOTION_DATA_ID}">${escapeJson(JSON.stringify(promotion))}</script>`;
      page = replaceFirst(html, /<title>[^<]*<\/title>/, `<title>${escapeHtml(title)}</title>`);
      page = replaceFirst(page, /<meta name="description"[^>]*>/, '');
      page = insertBefore(insertBefore(page, '</head>', `${tags}${preloads}${hero}`), '</body>', data);
    } else {
      page = replaceFirst(html, /<title>[^<]*<\/title>/, '<title>Page not found · Mingle</title>');
    }
    const headers = new Headers({
      'Content-Type': 'text/html; charset=utf-8',
      'Cache-Control': 'no-cache',
      Vary: 'Accept-Encoding',
    });
    const status = promotion ? 200 : 404;
    const bytes = Buffer.from(page);
    const body = c.req.method === 'HEAD' ? null : bytes;
    if (bytes.length > 1024 && /\bgzip\b/.test(c.req.header('accept-encoding') ?? '')) {
      headers.set('Content-Encoding', 'gzip');
      return new Response(body && gzipSync(body), { status, headers });
    }
    return new Response(body, { status, headers });
  };
}
