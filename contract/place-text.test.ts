import { describe, expect, it } from 'vitest';
import { placeText } from './place-text';

describe('placeText', () => {
  it("reads a known place as '{name}, {country name}', its name alone without a country", () => {
    expect(placeText({ name: 'Stockholm', country: 'SE' })).toBe('Stockholm, Sweden');
    expect(placeText({ name: ' Malmö ', country: 'SE' }, 'typed text')).toBe('Malmö, Sweden');
    expect(placeText({ name: 'Atlantis', country: null })).toBe('Atlantis');
  });

  it('falls back to the free text, trimmed, and to null when there is nothing', () => {
    expect(placeText(null, '  Main hall, level 2 ')).toBe('Main hall, level 2');
    expect(placeText({ name: '  ', country: 'SE' }, 'Somewhere')).toBe('Somewhere');
    expect(placeText(undefined, '   ')).toBeNull();
    expect(placeText(null)).toBeNull();
  });
});
