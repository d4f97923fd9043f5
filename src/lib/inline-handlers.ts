/**
 * Removes event handler attributes (onclick, onerror, any on*) from HTML source before it is
 * parsed, so that sanitizing never builds an element that carries one.
 *
 * Why a pass over the source: Chromium checks the Content-Security-Policy when an on* attribute is
 * set on an element of ANY document this page creates (DOMParser, createHTMLDocument, a template),
 * and logs a violation for it (script-src 'self' refuses inline handlers). DOMPurify parses the
 * dirty markup in such a document, so every description with a handler logged a CSP error. The
 * handler never ran, and DOMPurify still removes everything outside its allowlist: this pass is
 * not the security boundary, only keeps the page's console clean. Where it misreads odd markup
 * the worst outcome is one logged violation, never a handler that runs.
 *
 * It follows the tokenizer of the HTML standard closely enough for that: text, comments, bogus
 * comments, start and end tags with quoted and unquoted attribute values, and the raw text of
 * script, style, textarea, title and the like (where '<p onclick' is text, not a tag). noscript
 * is not raw text here: DOMParser's documents run no scripts, so they parse its content as tags.
 * One pass, linear in the input.
 */

const RAW_TEXT_ELEMENTS = new Set(['script', 'style', 'textarea', 'title', 'xmp', 'iframe', 'noembed', 'noframes']);

const isSpace = (c: string | undefined) => c === ' ' || c === '\t' || c === '\n' || c === '\f' || c === '\r';
const isAsciiAlpha = (c: string | undefined) => c !== undefined && /^[A-Za-z]$/.test(c);
/** Every on* attribute is an event handler (HTML and SVG); none is on the sanitizer's allowlist anyway. */
const isHandlerName = (name: string) => /^on/i.test(name);

interface Tag {
  /** Index just past the tag's '>' (the input's length for a tag cut off by the end). */
  end: number;
  /** Lower-case tag name. */
  name: string;
  /** [start, end) ranges of handler attributes, in order. */
  drop: Array<[number, number]>;
}

/** Reads the tag whose name starts at `from` (just after '<' or '</'). */
function readTag(html: string, from: number): Tag {
  const n = html.length;
  let i = from;
  while (i < n && !isSpace(html[i]) && html[i] !== '/' && html[i] !== '>') i++;
  const name = html.slice(from, i).toLowerCase();
  const drop: Array<[number, number]> = [];
  while (i < n) {
    const c = html[i];
    if (c === '>') return { end: i + 1, name, drop };
    if (isSpace(c) || c === '/') {
      i++;
      continue;
    }
    // An attribute name: its first character may be '=' (a parse error that still names it).
    const start = i;
    i++;
    while (i < n && !isSpace(html[i]) && html[i] !== '/' && html[i] !== '>' && html[i] !== '=') i++;
    const attribute = html.slice(start, i);
    let j = i;
    while (j < n && isSpace(html[j])) j++;
    if (html[j] === '=') {
      j++;
      while (j < n && isSpace(html[j])) j++;
      const quote = html[j];
      if (quote === '"' || quote === "'") {
        const close = html.indexOf(quote, j + 1);
        j = close === -1 ? n : close + 1;
      } else {
        while (j < n && !isSpace(html[j]) && html[j] !== '>') j++;
      }
      i = j;
    }
    if (isHandlerName(attribute)) drop.push([start, i]);
  }
  return { end: n, name, drop };
}

/** Index just past a comment or bogus comment that starts at `lt` ('<!' or '<?'). */
function commentEnd(html: string, lt: number): number {
  if (html.startsWith('<!--', lt)) {
    const body = lt + 4;
    if (html[body] === '>') return body + 1;
    if (html.startsWith('->', body)) return body + 2;
    const candidates = [html.indexOf('-->', body), html.indexOf('--!>', body)].filter((index) => index !== -1);
    if (candidates.length === 0) return html.length;
    const at = Math.min(...candidates);
    return at + (html.startsWith('-->', at) ? 3 : 4);
  }
  const close = html.indexOf('>', lt + 2);
  return close === -1 ? html.length : close + 1;
}

/** Index of the end tag that closes the raw text of `name` at or after `from` (the input's length without one). */
function rawTextEnd(html: string, from: number, name: string): number {
  const endTag = new RegExp(`</${name}(?=[\\t\\n\\f\\r />])`, 'gi');
  endTag.lastIndex = from;
  const found = endTag.exec(html);
  return found ? found.index : html.length;
}

/** The HTML with every on* attribute of every tag removed; everything else is left as it is. */
export function withoutInlineHandlers(html: string): string {
  const kept: string[] = [];
  let copied = 0;
  let i = 0;
  const n = html.length;
  while (i < n) {
    const lt = html.indexOf('<', i);
    if (lt === -1) break;
    const next = html[lt + 1];
    if (next === '!' || next === '?') {
      i = commentEnd(html, lt);
    } else if (next === '/') {
      if (isAsciiAlpha(html[lt + 2])) i = readTag(html, lt + 2).end;
      else if (html[lt + 2] === '>') i = lt + 3;
      else i = commentEnd(html, lt);
    } else if (isAsciiAlpha(next)) {
      const tag = readTag(html, lt + 1);
      for (const [start, end] of tag.drop) {
        kept.push(html.slice(copied, start));
        copied = end;
      }
      i = tag.end;
      if (tag.name === 'plaintext') break;
      if (RAW_TEXT_ELEMENTS.has(tag.name)) i = rawTextEnd(html, i, tag.name);
    } else {
      i = lt + 1;
    }
  }
  kept.push(html.slice(copied));
  return kept.join('');
}
