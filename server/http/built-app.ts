import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';

/**
 * The built client as the pages the server composes read it (first-screen.ts, promotion-page.ts):
 * index.html and Vite's build manifest, each read again only when a rebuild changed it, and the
 * escaping for what those pages write into the HTML.
 */

export interface ManifestChunk {
  file: string;
  imports?: string[];
  css?: string[];
  isEntry?: boolean;
}
export type Manifest = Record<string, ManifestChunk>;

/** A file read again only when it changed (a rebuild while the server runs); null while missing. */
function cachedFile<T>(path: string, parse: (text: string) => T): () => T | null {
  let cache: { mtimeMs: number; value: T } | null = null;
  return () => {
    if (!existsSync(path)) return null;
    const { mtimeMs } = statSync(path);
    if (cache?.mtimeMs !== mtimeMs) cache = { mtimeMs, value: parse(readFileSync(path, 'utf8')) };
    return cache.value;
  };
}

export interface BuiltApp {
  /** index.html, or null while the app is not built. */
  shell: () => string | null;
  /** The build manifest; empty when it cannot be read, which only costs the chunk hints, never the page. */
  manifest: () => Manifest;
}

export function builtApp(distDir: string): BuiltApp {
  const shell = cachedFile(join(distDir, 'index.html'), (text) => text);
  const manifest = cachedFile(join(distDir, '.vite', 'manifest.json'), (text) => {
    try {
      return JSON.parse(text) as Manifest;
    } catch {
      return {};
    }
  });
  return { shell, manifest: () => manifest() ?? {} };
}

/** The chunk of `key` and every chunk it imports, in load order, each once; entry chunks are in the page already. */
export function chunksOf(manifest: Manifest, key: string, seen = new Set<string>()): ManifestChunk[] {
  const chunk = manifest[key];
  if (!chunk || seen.has(key) || chunk.isEntry) return [];
  seen.add(key);
  return [...(chunk.imports ?? []).flatMap((imported) => chunksOf(manifest, imported, seen)), chunk];
}

/** Text inside a double-quoted attribute or an element. */
export const escapeHtml = (text: string) => text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** JSON inside a data block: nothing in it can close the element or open a comment. */
export const escapeJson = (json: string) => json.replace(/</g, '\\u003c').replace(/>/g, '\\u003e').replace(/&/g, '\\u0026');

/**
 * `html` with `text` put just before the first `marker`, or unchanged without one. Slicing, never
 * String.replace: a replacement string reads `$&`, `` $` ``, `$'` and `$$` as patterns, so a
 * member's story holding them would copy parts of the page into itself.
 */
export function insertBefore(html: string, marker: string, text: string): string {
  const at = html.indexOf(marker);
  return at === -1 ? html : html.slice(0, at) + text + html.slice(at);
}

/** `html` with the first match of `pattern` (no flags) replaced by `text` as it is, by slicing. */
export function replaceFirst(html: string, pattern: RegExp, text: string): string {
  const match = pattern.exec(html);
  return match ? html.slice(0, match.index) + text + html.slice(match.index + match[0].length) : html;
}
