import { describe, expect, it } from 'vitest';
import type { Location } from '../../../contract/events';
import { groupByCountry, locationDisplay } from './location-display';

function place(id: string, name: string, country: string, region: string | null = null): Location {
  return { id, name, country, region, isCustom: false, createdAt: '2026-01-01T00:00:00.000Z', updatedAt: '2026-01-01T00:00:00.000Z', eventCount: 0 };
}

describe('locationDisplay', () => {
  const lund = place('l1', 'Lund', 'SE', 'Skåne');

  it("shows 'short' as the name, 'full' as '{name}, {country name}'", () => {
    expect(locationDisplay(lund, 'short')).toBe('Lund');
    expect(locationDisplay(lund, 'full')).toBe('Lund, Sweden');
    expect(locationDisplay(lund)).toBe('Lund, Sweden');
  });

  it("shows 'detailed' with the region, and as 'full' without one", () => {
    expect(locationDisplay(lund, 'detailed')).toBe('Lund, Skåne, Sweden');
    expect(locationDisplay(place('l2', 'Oslo', 'NO'), 'detailed')).toBe('Oslo, Norway');
    expect(locationDisplay(place('l3', 'Oslo', 'NO', '  '), 'detailed')).toBe('Oslo, Norway');
  });

  it('names a country by its code in any case, and shows an unknown code as it is', () => {
    expect(locationDisplay(place('l4', 'London', 'gb'))).toBe('London, United Kingdom');
    expect(locationDisplay(place('l5', 'Tokyo', 'JP'))).toBe('Tokyo, JP');
  });
});

describe('groupByCountry', () => {
  it('orders the groups by country name and the locations by name within each', () => {
    const groups = groupByCountry([
      place('1', 'Uppsala', 'SE'),
      place('2', 'Berlin', 'DE'),
      place('3', 'Austin', 'US'),
      place('4', 'göteborg', 'SE'),
      place('5', 'Vienna', 'AT'),
      place('6', 'Aarhus', 'DK'),
      place('7', 'Malmö', 'SE'),
    ]);
    expect(groups.map((g) => g.countryName)).toEqual(['Austria', 'Denmark', 'Germany', 'Sweden', 'United States']);
    expect(groups.find((g) => g.country === 'SE')!.locations.map((l) => l.name)).toEqual(['göteborg', 'Malmö', 'Uppsala']);
  });

  it('keeps two places of the same name apart by region, and answers nothing for nothing', () => {
    const [us] = groupByCountry([place('a', 'Portland', 'US', 'Oregon'), place('b', 'Portland', 'US', 'Maine')]);
    expect(us!.locations.map((l) => l.region)).toEqual(['Maine', 'Oregon']);
    expect(groupByCountry([])).toEqual([]);
  });

  it('keeps every location exactly once and does not reorder its input', () => {
    const input = [place('1', 'B', 'SE'), place('2', 'A', 'NO'), place('3', 'C', 'SE')];
    const ids = groupByCountry(input).flatMap((g) => g.locations.map((l) => l.id));
    expect(ids.sort()).toEqual(['1', '2', '3']);
    expect(input.map((l) => l.id)).toEqual(['1', '2', '3']);
  });
});
