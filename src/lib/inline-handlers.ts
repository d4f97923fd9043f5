/**
 * Removes event handler attributes (onclick, onerror, any on*) from the start tags of HTML source
 * before it is parsed, so that sanitizing never builds an element that carries one.
 *
 * Why a pass over the source: Chromium checks the Content-Security-Policy when an on* attribute is
 * set on an element of ANY document this page creates (DOMParser, createHTMLDocument, a template),
 * and logs a violation for it (script-src 'self' refuses inline handlers). DOMPurify parses the
 * dirty markup in such a document, so every description with a handler logged a CSP error. The
 * handler never ran, and DOMPurify still removes everything outside its allowlist: this pass is
 * not the security boundary, only keeps the page's console clean (docs/decisions.md, Rich text).
 *
 * Two regular expressions, each linear in the input: a start tag (quoted values read whole, so a
 * '>' inside one does not end it), and inside it a quoted value (kept) or an on* attribute
 * (dropped). Raw text such as a script's is read as markup too; DOMPurify drops those elements.
 */

const START_TAG = /<[A-Za-z][^>"']*(?:(?:"[^"]*"|'[^']*')[^>"']*)*>?/g;
const QUOTED_OR_HANDLER = /("[^"]*"|'[^']*')|(?<=[\s/"'])on[^\s/>="']*(?:\s*=\s*(?:"[^"]*"|'[^']*'|[^\s>"']*))?/gi;

/** The HTML with every on* attribute of every start tag removed; everything else is left as it is. */
export function withoutInlineHandlers(html: string): string {
  return html.replace(START_TAG, (tag) => tag.replace(QUOTED_OR_HANDLER, (_match, quoted: string | undefined) => quoted ?? ''));
}
