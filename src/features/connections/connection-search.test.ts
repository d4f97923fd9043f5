import { describe, expect, it } from 'vitest';
import { searchConnections } from './connection-search';

const people = [
  { firstName: 'José', lastName: 'Ramírez', role: 'Product designer' },
  { firstName: 'Åsa', lastName: 'Lind', role: 'Engineering lead' },
  { firstName: 'Grace', lastName: 'Hopper', role: null },
];

describe('searchConnections', () => {
  it('matches first name, last name and role, any case and accents, every word', () => {
    expect(searchConnections(people, 'jose').map((p) => p.firstName)).toEqual(['José']);
    expect(searchConnections(people, 'ASA').map((p) => p.firstName)).toEqual(['Åsa']);
    expect(searchConnections(people, 'lead').map((p) => p.firstName)).toEqual(['Åsa']);
    expect(searchConnections(people, 'grace hop').map((p) => p.firstName)).toEqual(['Grace']);
    expect(searchConnections(people, 'grace designer')).toEqual([]);
  });

  it('keeps everyone, in order, for a blank query', () => {
    expect(searchConnections(people, '  ')).toEqual(people);
  });
});
