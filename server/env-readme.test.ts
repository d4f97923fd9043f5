import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { envSchema, parseEnv } from './env';

/** The rows of the README's server table: variable, default cell. */
function readmeServerTable(): Map<string, string> {
  const readme = readFileSync(new URL('../README.md', import.meta.url), 'utf8');
  const section = readme.split(/^### /m).find((part) => part.startsWith('Server'));
  if (!section) throw new Error("the README has no '### Server' table");
  const rows = new Map<string, string>();
  for (const line of section.split('\n')) {
    const cells = /^\| `([A-Z0-9_]+)` \| ([^|]+) \|/.exec(line);
    if (cells) rows.set(cells[1]!, cells[2]!.trim());
  }
  return rows;
}

describe("the README's server settings", () => {
  const rows = readmeServerTable();
  const defaults = parseEnv({});

  it('list exactly the variables the server reads', () => {
    expect([...rows.keys()].sort()).toEqual(Object.keys(envSchema.entries).sort());
  });

  it('give each its default as the server takes it: the value, or unset', () => {
    for (const [name, cell] of rows) {
      const value = (defaults as Record<string, unknown>)[name];
      const unset = value === undefined || (Array.isArray(value) && value.length === 0);
      if (unset) expect(cell, name).toMatch(/^unset\b/);
      else expect(cell, name).toContain(`\`${String(value)}\``);
    }
  });
});
