/**
 * Fails when a code file grows past MAX_LINES: a file that long does several things, and its name
 * no longer says which (docs/architecture.md, "Layout"). Tests and the seed's data tables are
 * exempt: a test file holds one subject's cases, and the data is a list. Part of `npm run checks`.
 */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { sourceFiles } from './import-cycles';

export const MAX_LINES = 300;
const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const CODE_FOLDERS = ['contract', 'server', 'src', 'sw', 'scripts'];

/** Whether the rule applies to this path (relative to the project, either separator). */
export function isCodeFile(path: string): boolean {
  const unix = path.split(sep).join('/');
  return !/\.test\.tsx?$/.test(unix) && !unix.startsWith('tests/') && !unix.includes('/seed/data/') && !unix.includes('/test/');
}

/** The number of lines of a text, a last line without its newline included. */
export const lineCount = (text: string): number => (text === '' ? 0 : text.split('\n').length - (text.endsWith('\n') ? 1 : 0));

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const files = CODE_FOLDERS.map((folder) => join(root, folder))
    .filter(existsSync)
    .flatMap((folder) => sourceFiles(folder))
    .filter((file) => isCodeFile(relative(root, file)));
  const long = files.map((file) => ({ file, lines: lineCount(readFileSync(file, 'utf8')) })).filter(({ lines }) => lines > MAX_LINES);
  if (long.length > 0) {
    console.error(`Code files over ${MAX_LINES} lines (${long.length}): split each by what its parts do.`);
    for (const { file, lines } of long) console.error(`  ${relative(root, file)}: ${lines}`);
    process.exit(1);
  }
  console.log(`No code file over ${MAX_LINES} lines among ${files.length}.`);
}
