import { describe, expect, it } from 'vitest';
import { countriesMatching, countryName, SUGGESTED_COUNTRIES } from './countries';

describe('countries', () => {
  it('names the 16 suggested countries of docs/product.md in its order', () => {
    expect(SUGGESTED_COUNTRIES).toEqual(['SE', 'NO', 'DK', 'FI', 'IS', 'DE', 'FR', 'GB', 'IT', 'ES', 'NL', 'BE', 'CH', 'AT', 'US', 'CA']);
    expect(countryName('SE')).toBe('Sweden');
    expect(countryName('gb')).toBe('United Kingdom');
    expect(countryName('XX')).toBe('XX');
  });

  it('finds codes by a part of the name, case-insensitively', () => {
    expect(countriesMatching('united')).toEqual(['GB', 'US']);
    expect(countriesMatching('LAND')).toEqual(['FI', 'IS', 'NL', 'CH']);
    expect(countriesMatching(' ')).toEqual([]);
  });
});
