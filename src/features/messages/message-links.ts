/** A part of a message's text: plain text, or a web address shown as a link. */
export type TextPart = { text: string } | { text: string; href: string };

/**
 * Web addresses in a message (http, https, or starting with www.), without the punctuation that
 * usually ends the sentence around them. Nothing else becomes a link: a message is text, never HTML.
 */
const ADDRESS = /\b(?:https?:\/\/|www\.)[^\s<>"]+/gi;
const TRAILING = /[.,;:!?)\]}'"]+$/;

/** The message's text split into text and links, in order; the text of the parts is the message's. */
export function textParts(text: string): TextPart[] {
  const parts: TextPart[] = [];
  let from = 0;
  for (const match of text.matchAll(ADDRESS)) {
    const address = match[0].replace(TRAILING, '');
    const start = match.index;
    if (start > from) parts.push({ text: text.slice(from, start) });
    parts.push({ text: address, href: address.toLowerCase().startsWith('www.') ? `https://${address}` : address });
    from = start + address.length;
  }
  if (from < text.length) parts.push({ text: text.slice(from) });
  return parts;
}
