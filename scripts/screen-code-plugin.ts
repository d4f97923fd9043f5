import { relative } from 'node:path';
import type { Plugin, Rolldown } from 'vite';
import { CACHE_RESTORER_SOURCE, SCREEN_CODE_ID, SCREEN_SOURCES } from '../contract/screen-code.ts';

const SOURCES: readonly string[] = [...SCREEN_SOURCES, CACHE_RESTORER_SOURCE];

/** A chunk's files and those of the chunks it imports statically, the entry's left out (the page has it), its own last. */
function filesOf(bundle: Rolldown.OutputBundle, chunk: Rolldown.OutputChunk, seen: Set<string>): string[] {
  if (chunk.isEntry || seen.has(chunk.fileName)) return [];
  seen.add(chunk.fileName);
  const imported = chunk.imports.flatMap((name) => {
    const output = bundle[name];
    return output?.type === 'chunk' ? filesOf(bundle, output, seen) : [];
  });
  const css = [...(chunk.viteMetadata?.importedCss ?? [])].filter((file) => !seen.has(file));
  for (const file of css) seen.add(file);
  return [...imported, ...css, chunk.fileName];
}

/**
 * Writes into the built index.html, as a JSON data block (it never runs), which files each screen
 * with first reads loads. When the service worker answers a navigation with this page, it announces
 * the screen's files in the head (sw/screen-code.ts): an offline start then fetches and compiles
 * them while the entry script runs, instead of after it.
 */
export function screenCodeBlock(): Plugin {
  let root = process.cwd();
  return {
    name: 'screen-code-block',
    apply: 'build',
    configResolved(config) {
      root = config.root;
    },
    transformIndexHtml: {
      order: 'post',
      handler(html, context) {
        const bundle = context.bundle;
        if (!bundle) return html;
        const screens: Record<string, string[]> = {};
        for (const output of Object.values(bundle)) {
          if (output.type !== 'chunk' || !output.facadeModuleId) continue;
          const source = relative(root, output.facadeModuleId).split('\\').join('/');
          if (SOURCES.includes(source)) screens[source] = filesOf(bundle, output, new Set()).map((file) => `/${file}`);
        }
        const missing = SOURCES.filter((source) => !(source in screens));
        if (missing.length > 0) throw new Error(`screen-code-block: no chunk of its own for ${missing.join(', ')}`);
        const block = `<script type="application/json" id="${SCREEN_CODE_ID}">${JSON.stringify(screens)}</script>`;
        return html.replace('</body>', `${block}</body>`);
      },
    },
  };
}
