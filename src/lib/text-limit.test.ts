import { describe, expect, it } from 'vitest';
import { countText, isOverLimit } from './text-limit';

describe('text limits', () => {
  it('counts the trimmed text against the field’s limit', () => {
    expect(countText('  Engineer  ', 'role')).toEqual({ length: 8, max: 100 });
    expect(countText('x'.repeat(600), 'story')).toEqual({ length: 600, max: 500 });
  });

  it('is over only past the limit, not at it', () => {
    expect(isOverLimit(countText('x'.repeat(500), 'story'))).toBe(false);
    expect(isOverLimit(countText('x'.repeat(501), 'story'))).toBe(true);
    expect(isOverLimit(countText(`${'x'.repeat(500)}   `, 'story'))).toBe(false);
  });
});
