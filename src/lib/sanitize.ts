import DOMPurify, { type Config } from 'dompurify';
import { withoutInlineHandlers } from './inline-handlers';

/**
 * Rich text display of docs/product.md section 5: event descriptions are HTML written elsewhere (organizers,
 * scrapers), so only this allowlist survives. ARIA attributes are off too: the rule allows exactly
 * href, target, rel and class. URL attributes keep DOMPurify's own safe-protocol check
 * (no javascript: links).
 *
 * DOMPurify is imported here only, and only the event detail screen imports this module, so it
 * loads with that (lazy) route and never with the first screen.
 */
export const SANITIZE_CONFIG = {
  ALLOWED_TAGS: ['p', 'br', 'strong', 'em', 'u', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'ul', 'ol', 'li', 'a', 'span', 'div'],
  ALLOWED_ATTR: ['href', 'target', 'rel', 'class'],
  ALLOW_DATA_ATTR: false,
  ALLOW_ARIA_ATTR: false,
} satisfies Config;

/** The part of DOMPurify this module uses (tests pass one that throws). */
export interface Purifier {
  sanitize(dirty: string, config: Config): string;
}

let shared: Purifier | null = null;

/**
 * Markup whose cleaning is known; a DOM that cleans it differently cannot be trusted. It has no
 * event handler: parsing one would log a CSP violation (see inline-handlers.ts).
 */
const SELF_CHECK_INPUT = '<p class="a" data-x="1">ok</p><script>x</script><img src="x" title="y">';
const SELF_CHECK_OUTPUT = '<p class="a">ok</p>';

/**
 * An instance of our own (hooks are per instance, so nothing else that might use DOMPurify is
 * affected): every link opens in a new tab without access to this page (rel noopener noreferrer),
 * whatever target or rel the source had.
 */
function createPurifier(): Purifier {
  const instance = DOMPurify(window);
  if (!instance.isSupported) throw new Error('DOMPurify is not supported here');
  instance.addHook('afterSanitizeAttributes', (node) => {
    if (node.nodeName === 'A') {
      node.setAttribute('target', '_blank');
      node.setAttribute('rel', 'noopener noreferrer');
    }
  });
  // A DOM implementation that DOMPurify does not work with (some test DOMs) would let markup
  // through or drop the wrong parts; such a DOM gets the plain-text fallback instead.
  if (instance.sanitize(SELF_CHECK_INPUT, SANITIZE_CONFIG) !== SELF_CHECK_OUTPUT) throw new Error('DOMPurify self-check failed');
  return instance;
}

/**
 * Cleans an HTML description for display with dangerouslySetInnerHTML. Event handler attributes
 * are taken out of the source first, so no document of this page ever parses one (each would log
 * a CSP violation, inline-handlers.ts); DOMPurify then applies the allowlist. If cleaning fails for
 * any reason (DOMPurify throws, or it cannot work in this DOM), all tags are stripped and the
 * remaining text is escaped (docs/product.md section 5).
 */
export function sanitizeHtml(html: string | null | undefined, purifier?: Purifier): string {
  if (!html) return '';
  try {
    const purify = purifier ?? (shared ??= createPurifier());
    return purify.sanitize(withoutInlineHandlers(html), SANITIZE_CONFIG);
  } catch {
    return stripTags(html);
  }
}

/**
 * The fallback: plain text, safe to insert as HTML. Script and style bodies go with their tags;
 * every other tag is removed, and what could still start markup is escaped. Entities that were
 * already in the text are kept as they are.
 */
export function stripTags(html: string): string {
  return html
    .replace(/<(script|style)\b[\s\S]*?<\/\1\s*>/gi, '')
    .replace(/<[^>]*>/g, '')
    .replace(/&(?!#?[a-z0-9]+;)/gi, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}
