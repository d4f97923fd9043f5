import { describe, expect, it } from 'vitest';
import { profileIdFromInput } from './profile-lookup';

describe('profileIdFromInput (docs/product.md section 5)', () => {
  it.each([
    ['ada-lovelace', 'ada-lovelace'],
    ['@ada-lovelace', 'ada-lovelace'],
    [' ada-lovelace/ ', 'ada-lovelace'],
    ['https://www.linkedin.com/in/ada-lovelace/?trk=x', 'ada-lovelace'],
    ['linkedin.com/in/ada-lovelace#about', 'ada-lovelace'],
    ['se.linkedin.com/in/ada_l', 'ada_l'],
  ])('%s -> %s', (input, id) => expect(profileIdFromInput(input)).toBe(id));

  it.each(['', '   ', 'https://example.com/in/ada', 'ada!', 'a/b'])('refuses %j', (input) => expect(profileIdFromInput(input)).toBeUndefined());
});
