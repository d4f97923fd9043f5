import { describe, expect, it } from 'vitest';
import { isCodeFile, lineCount } from './file-lengths';

describe('file lengths', () => {
  it('count lines as an editor shows them', () => {
    expect(lineCount('')).toBe(0);
    expect(lineCount('a')).toBe(1);
    expect(lineCount('a\n')).toBe(1);
    expect(lineCount('a\nb\n')).toBe(2);
    expect(lineCount('a\n\nb')).toBe(3);
  });

  it('apply to code, not to tests, test helpers or the seed data', () => {
    expect(isCodeFile('server/services/deck/deck-ranking.ts')).toBe(true);
    expect(isCodeFile('src/app/App.tsx')).toBe(true);
    expect(isCodeFile('server/services/deck/deck-ranking.test.ts')).toBe(false);
    expect(isCodeFile('src/app/App.test.tsx')).toBe(false);
    expect(isCodeFile('tests/e2e/pwa.spec.ts')).toBe(false);
    expect(isCodeFile('server/test/helpers/test-app.ts')).toBe(false);
    expect(isCodeFile('server/db/seed/data/people.ts')).toBe(false);
    expect(isCodeFile('server/db/seed/seed-members.ts')).toBe(true);
  });
});
