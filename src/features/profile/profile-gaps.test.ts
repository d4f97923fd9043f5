import { describe, expect, it } from 'vitest';
import { profileGaps } from './profile-gaps';

describe('the profile completeness banner', () => {
  it('asks for each missing part in its own words, in the profile order', () => {
    expect(profileGaps({ role: null, story: ' ', location: null })).toEqual(['job title and industry', 'background and interests', 'city and country']);
    expect(profileGaps({ role: 'Engineer', story: 'I build.', location: null })).toEqual(['city and country']);
  });

  it('asks for nothing once role, story and a place are there (a picked place counts)', () => {
    expect(profileGaps({ role: 'Engineer', story: 'I build.', location: 'Stockholm, Sweden' })).toEqual([]);
    expect(profileGaps({ role: 'Engineer', story: 'I build.', location: null, locationId: 'loc-1' })).toEqual([]);
  });
});
