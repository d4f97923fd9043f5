/**
 * Fails when two parts of the app style the same class on its own (`.event-meta { ... }`): the
 * build ships one stylesheet (cssCodeSplit is off), so the later file restyles the other part's
 * elements too, in an order no one chose. The app's shared styles (src/app, src/ui) own their
 * classes; a feature may scope one (`.my-card .btn`) but not define it again. The routes' files
 * only place their feature's pieces on the page and are not counted. Part of `npm run checks`.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');

/** Who owns a stylesheet's classes: 'shared' (src/app, src/ui), a feature's name, or null (not counted). */
export function ownerOf(path: string): string | null {
  const parts = path.split(sep).join('/').split('/');
  if (parts[0] !== 'src') return null;
  if (parts[1] === 'app' || parts[1] === 'ui') return 'shared';
  if (parts[1] === 'features' && parts[2]) return `features/${parts[2]}`;
  return null;
}

/** The classes a stylesheet styles on their own: selectors that are one class, maybe with pseudo-classes. */
export function classRules(css: string): string[] {
  const classes = new Set<string>();
  for (const [, selectors] of css.replace(/\/\*[\s\S]*?\*\//g, '').matchAll(/([^{}@;]+)\{/g)) {
    for (const selector of selectors!.split(',')) {
      const own = /^\.([\w-]+)(?::{1,2}[\w-]+(?:\([^)]*\))?)*$/.exec(selector.trim());
      if (own) classes.add(own[1]!);
    }
  }
  return [...classes];
}

/** Each class styled on its own by more than one owner, with those owners' files. */
export function sharedClasses(sheets: ReadonlyMap<string, string>): Map<string, string[]> {
  const owners = new Map<string, Map<string, string>>();
  for (const [path, css] of sheets) {
    const owner = ownerOf(path);
    if (owner === null) continue;
    for (const name of classRules(css)) {
      const byOwner = owners.get(name) ?? new Map<string, string>();
      if (!byOwner.has(owner)) byOwner.set(owner, path);
      owners.set(name, byOwner);
    }
  }
  return new Map([...owners].filter(([, byOwner]) => byOwner.size > 1).map(([name, byOwner]) => [name, [...byOwner.values()]]));
}

function stylesheets(folder: string): string[] {
  return readdirSync(folder).flatMap((name) => {
    const path = join(folder, name);
    return statSync(path).isDirectory() ? stylesheets(path) : path.endsWith('.css') ? [path] : [];
  });
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const files = stylesheets(join(root, 'src'));
  const shared = sharedClasses(new Map(files.map((file) => [relative(root, file), readFileSync(file, 'utf8')])));
  if (shared.size > 0) {
    console.error(`Classes styled on their own in more than one part of the app (${shared.size}): rename one, or scope it.`);
    for (const [name, paths] of shared) console.error(`  .${name}: ${paths.join(', ')}`);
    process.exit(1);
  }
  console.log(`No class styled on its own by two parts of the app, among ${files.length} stylesheets.`);
}
