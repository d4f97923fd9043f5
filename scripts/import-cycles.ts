/**
 * Fails when a module of the project imports itself through others (an import cycle): a cycle
 * makes the order modules are evaluated in decide whether a value is there yet, and two files
 * that need each other are one module in two places. Part of `npm run checks`.
 *
 * Reads every .ts/.tsx file under the project's source folders, takes their relative imports and
 * exports (type-only ones too: they tie the files together just the same) with TypeScript's own
 * pre-parser, and prints each cycle found (Tarjan's strongly connected components).
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const FOLDERS = ['contract', 'server', 'src', 'sw', 'tests', 'scripts'];
const SKIP = new Set(['node_modules', 'dist', 'dist-server', 'test-results', 'playwright-report']);

export function sourceFiles(folder: string, out: string[] = []): string[] {
  for (const name of readdirSync(folder)) {
    if (SKIP.has(name)) continue;
    const path = join(folder, name);
    if (statSync(path).isDirectory()) sourceFiles(path, out);
    else if (/\.tsx?$/.test(name) && !name.endsWith('.d.ts')) out.push(path);
  }
  return out;
}

/** The file a relative specifier names, as the bundler and tsx resolve it. */
function resolveImport(from: string, specifier: string): string | undefined {
  const base = resolve(dirname(from), specifier);
  const candidates = [base, `${base}.ts`, `${base}.tsx`, join(base, 'index.ts'), join(base, 'index.tsx')];
  if (/\.js$/.test(base)) candidates.push(base.replace(/\.js$/, '.ts'), base.replace(/\.js$/, '.tsx'));
  return candidates.find((path) => /\.tsx?$/.test(path) && existsSync(path) && statSync(path).isFile());
}

export function importGraph(files: string[]): Map<string, string[]> {
  const graph = new Map<string, string[]>();
  for (const file of files) {
    const { importedFiles } = ts.preProcessFile(readFileSync(file, 'utf8'), true, true);
    const targets = importedFiles
      .map((imported) => imported.fileName)
      .filter((specifier) => specifier.startsWith('.'))
      .map((specifier) => resolveImport(file, specifier))
      .filter((target): target is string => target !== undefined);
    graph.set(file, [...new Set(targets)]);
  }
  return graph;
}

/** Groups of files that reach each other through imports (each of more than one file, or importing itself). */
export function cycles(graph: Map<string, string[]>): string[][] {
  let counter = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const visit = (node: string) => {
    index.set(node, counter);
    low.set(node, counter);
    counter++;
    stack.push(node);
    onStack.add(node);
    for (const next of graph.get(node) ?? []) {
      if (!index.has(next)) {
        visit(next);
        low.set(node, Math.min(low.get(node)!, low.get(next)!));
      } else if (onStack.has(next)) {
        low.set(node, Math.min(low.get(node)!, index.get(next)!));
      }
    }
    if (low.get(node) === index.get(node)) {
      const group: string[] = [];
      let member: string;
      do {
        member = stack.pop()!;
        onStack.delete(member);
        group.push(member);
      } while (member !== node);
      if (group.length > 1 || (graph.get(node) ?? []).includes(node)) found.push(group.sort());
    }
  };
  for (const node of graph.keys()) if (!index.has(node)) visit(node);
  return found;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const files = FOLDERS.map((folder) => join(root, folder))
    .filter(existsSync)
    .flatMap((folder) => sourceFiles(folder));
  const found = cycles(importGraph(files));
  if (found.length > 0) {
    console.error(`Import cycles (${found.length}): each group's files import each other, directly or through the others.`);
    for (const group of found) console.error(`  ${group.map((file) => relative(root, file)).join(' <-> ')}`);
    process.exit(1);
  }
  console.log(`No import cycles among ${files.length} files.`);
}
