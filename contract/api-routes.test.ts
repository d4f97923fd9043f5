import { describe, expect, it } from 'vitest';
import { API_ROUTES, apiPath, apiPathPattern } from './api-routes';

describe('apiPath', () => {
  it("fills each ':name' with its value, encoded", () => {
    expect(apiPath('/users/me')).toBe('users/me');
    expect(apiPath('/events/:id/attendees', { id: 'a b/c' })).toBe('events/a%20b%2Fc/attendees');
    expect(apiPath('/users/:id/connect/:secret', { id: 'u1', secret: 's&1' })).toBe('users/u1/connect/s%261');
    expect(apiPath('/users/:id/connection.vcf', { id: 'u1' })).toBe('users/u1/connection.vcf');
    // Checked by the compiler only (never called): what the types refuse.
    const refused = () => {
      // @ts-expect-error a path with segments needs their values
      apiPath('/events/:id');
      // @ts-expect-error each of them
      apiPath('/users/:id/connect/:secret', { id: 'u1' });
      // @ts-expect-error only the API's routes have paths
      apiPath('/events/:id/nothing', { id: 'x' });
    };
    expect(refused).toBeTypeOf('function');
  });
});

describe('apiPathPattern', () => {
  it("matches a request to the route, one segment per ':name', and nothing else", () => {
    const attendees = apiPathPattern('/events/:id/attendees');
    expect(attendees.test('/api/events/e1/attendees')).toBe(true);
    expect(attendees.test('/api/events/e1/attendees/my-connections')).toBe(false);
    expect(attendees.test('/api/events/attendees')).toBe(false);
    const vcard = apiPathPattern('/users/:id/connection.vcf');
    expect(vcard.test('/api/users/u1/connection.vcf')).toBe(true);
    expect(vcard.test('/api/users/u1/connectionxvcf')).toBe(false);
  });

  it('matches what apiPath builds, for every route', () => {
    for (const route of API_ROUTES) {
      const path = route.slice(route.indexOf(' ') + 1) as Parameters<typeof apiPathPattern>[0];
      const params = Object.fromEntries([...path.matchAll(/:(\w+)/g)].map((match) => [match[1], 'x y']));
      expect(apiPathPattern(path).test(`/api/${(apiPath as (p: string, v: unknown) => string)(path, params)}`), route).toBe(true);
    }
  });

  it('lists each route once', () => {
    expect(new Set(API_ROUTES).size).toBe(API_ROUTES.length);
  });
});
