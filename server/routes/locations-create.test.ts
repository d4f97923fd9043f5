import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOCATION_CREATIONS_PER_DAY } from '../../contract/locations';
import { insertLocation, newMember, type Member } from '../test/helpers/events-fixtures';
import { createTestContext, type TestContext } from '../test/helpers/test-app';
import { DAY } from '../test/helpers/test-clock';

/** POST /api/locations: a member's custom location (contract/locations.ts). */

let t: TestContext;
let member: Member;
let stockholm: string;

beforeAll(async () => {
  t = await createTestContext();
  member = await newMember(t);
  stockholm = await insertLocation(t.db, { name: 'Stockholm', country: 'SE', region: 'Stockholm County' });
});
afterAll(() => t.close());

describe('POST /api/locations', () => {
  it('creates a custom location with eventCount 0, visible to every member', async () => {
    const res = await member.client.post('/api/locations', { name: '  Fika Factory ', country: 'se', region: ' Södermalm ' });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      success: true,
      data: {
        id: expect.any(String),
        name: 'Fika Factory',
        country: 'SE',
        region: 'Södermalm',
        isCustom: true,
        createdAt: expect.any(String),
        updatedAt: expect.any(String),
        eventCount: 0,
      },
    });
    const row = await t.db.selectFrom('locations').select('created_by_user_id').where('id', '=', res.body.data.id).executeTakeFirstOrThrow();
    expect(row.created_by_user_id).toBe(member.id);
    const other = await newMember(t);
    const found = await other.client.get('/api/locations?query=fika');
    expect(found.body.data.locations.map((l: { id: string }) => l.id)).toEqual([res.body.data.id]);
    expect(found.text).not.toContain(member.id);
  });

  it('answers the existing location for the same name and country (trimmed, any case), without a duplicate', async () => {
    const first = await member.client.post('/api/locations', { name: 'Harbour Hall', country: 'NO' });
    expect(first.status).toBe(201);
    const again = await member.client.post('/api/locations', { name: '  HARBOUR hall ', country: 'no', region: 'Vestland' });
    expect(again.status).toBe(200);
    expect(again.body.data).toEqual(first.body.data);
    // Another member asking for a known place gets it too, as it is.
    const known = await (await newMember(t)).client.post('/api/locations', { name: 'stockholm', country: 'SE' });
    expect(known.status).toBe(200);
    expect(known.body.data).toMatchObject({ id: stockholm, name: 'Stockholm', isCustom: false });
    // The same name in another country is another place.
    expect((await member.client.post('/api/locations', { name: 'Harbour Hall', country: 'DK' })).status).toBe(201);
    const rows = await t.db.selectFrom('locations').select('id').where('name', 'ilike', 'harbour hall').execute();
    expect(rows).toHaveLength(2);
  });

  it('needs a name and a known country, and answers 400 naming the field', async () => {
    const cases: Array<[unknown, string, string]> = [
      [{ country: 'SE' }, 'name', 'Location name required'],
      [{ name: 5, country: 'SE' }, 'name', 'Invalid input'],
      [{ name: '   ', country: 'SE' }, 'name', 'Location name required'],
      [{ name: 'Somewhere' }, 'country', 'Country required'],
      [{ name: 'Somewhere', country: '' }, 'country', 'Country required'],
      [{ name: 'Somewhere', country: 'JP' }, 'country', 'Unknown country'],
      [{ name: 'Somewhere', country: 'Sweden' }, 'country', 'Unknown country'],
      [{ name: 'Somewhere', country: 46 }, 'country', 'Country required'],
      [{ name: 'Somewhere', country: 'SE', region: 7 }, 'region', 'Invalid input'],
    ];
    for (const [body, field, error] of cases) {
      const res = await member.client.post('/api/locations', body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body, JSON.stringify(body)).toEqual({ error, field });
    }
  });

  it('applies the length limit (100) and the content check to the name and the region', async () => {
    const cases: Array<[Record<string, unknown>, string, string]> = [
      [{ name: 'x'.repeat(101), country: 'SE' }, 'name', 'Input too long'],
      [{ name: 'Town', country: 'SE', region: 'r'.repeat(101) }, 'region', 'Input too long'],
      [{ name: 'drop table locations', country: 'SE' }, 'name', 'Invalid content detected'],
      [{ name: 'Town', country: 'SE', region: '<script>alert(1)</script>' }, 'region', 'Invalid content detected'],
      [{ name: 'Tab\u0007Town', country: 'SE' }, 'name', 'Control characters are not allowed'],
    ];
    for (const [body, field, error] of cases) {
      const res = await member.client.post('/api/locations', body);
      expect(res.status, JSON.stringify(body).slice(0, 60)).toBe(400);
      expect(res.body).toEqual({ error, field });
    }
    expect((await member.client.post('/api/locations', { name: 'n'.repeat(100), country: 'SE', region: 'r'.repeat(100) })).status).toBe(201);
    expect((await member.client.post('/api/locations', { name: 'No Region', country: 'SE', region: null })).body.data.region).toBeNull();
  });

  it(`allows ${LOCATION_CREATIONS_PER_DAY} new locations a day per member, then 429 with Retry-After; existing ones stay free`, async () => {
    const busy = await newMember(t);
    for (let i = 0; i < LOCATION_CREATIONS_PER_DAY; i++) {
      expect((await busy.client.post('/api/locations', { name: `Pop-up ${i}`, country: 'FI' })).status).toBe(201);
    }
    const refused = await busy.client.post('/api/locations', { name: 'One too many', country: 'FI' });
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual({ error: 'Too many requests' });
    const wait = Number(refused.headers.get('retry-after'));
    expect(wait).toBeGreaterThan(DAY / 1000 - 120);
    expect(wait).toBeLessThanOrEqual(DAY / 1000);
    // Answering an existing place creates nothing, so it is not limited.
    expect((await busy.client.post('/api/locations', { name: 'pop-up 3', country: 'FI' })).status).toBe(200);
    // Another member has their own allowance.
    expect((await member.client.post('/api/locations', { name: 'One too many', country: 'FI' })).status).toBe(201);
    t.clock.advance(DAY);
    try {
      expect((await busy.client.post('/api/locations', { name: 'Next day', country: 'FI' })).status).toBe(201);
    } finally {
      t.clock.advance(-DAY);
    }
  });

  it('creates one row when the same place is asked for at once', async () => {
    const answers = await Promise.all(Array.from({ length: 4 }, () => member.client.post('/api/locations', { name: 'Race Track', country: 'GB' })));
    expect(answers.map((a) => a.status).sort()).toEqual([200, 200, 200, 201]);
    expect(new Set(answers.map((a) => a.body.data.id)).size).toBe(1);
  });

  it('keeps the place when its creator is erased, without them', async () => {
    const leaving = await newMember(t);
    const made = await leaving.client.post('/api/locations', { name: 'Leavers Lodge', country: 'IS' });
    await t.db.deleteFrom('users').where('id', '=', leaving.id).execute();
    const row = await t.db.selectFrom('locations').select(['name', 'created_by_user_id']).where('id', '=', made.body.data.id).executeTakeFirstOrThrow();
    expect(row).toEqual({ name: 'Leavers Lodge', created_by_user_id: null });
  });

  it('answers 415 for a body that is not JSON', async () => {
    const res = await member.client.request('POST', '/api/locations', { body: 'name=x', headers: { 'content-type': 'application/x-www-form-urlencoded' } });
    expect(res.status).toBe(415);
  });
});
