import ICAL from 'ical.js';
import Papa from 'papaparse';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_ERRORS } from '../../contract/errors';
import { connect, insertEvent, newMember, type Member } from '../test/helpers/events-fixtures';
import { createTestContext, type TestContext } from '../test/helpers/test-app';

/** Taking contacts home: GET users/{id}/connection.vcf, users/connections/export.vcf and .csv. */

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t.close());

/** A member whose details are hard to write into a file: commas, quotes, line breaks, other scripts. */
async function awkwardConnection(of: Member, eventName = 'Nordic Summit, 2026') {
  const other = await newMember(t);
  await t.db
    .updateTable('users')
    .set({
      first_name: 'Åsa "Ace"',
      last_name: '李, Lind; Jr',
      role: '=HYPERLINK("http://evil.example","Click")',
      story: 'Line one\nline two',
      phone: '+46701234567',
      linkedin_url: 'https://www.linkedin.com/in/asa-lind',
      location: 'Göteborg, Sweden',
      image_url: '/media/p/abc-512.webp',
    })
    .where('id', '=', other.id)
    .execute();
  // Under way since this morning: they have met there.
  const event = await insertEvent(t.db, { name: eventName, start: new Date(Date.now() - 3 * 60 * 60 * 1000) });
  await connect(t.db, of.id, other.id, event.id);
  const email = (await t.db.selectFrom('users').select('email').where('id', '=', other.id).executeTakeFirstOrThrow()).email;
  return { other, email };
}

describe('a connection as a vCard', () => {
  it('parses back with every field: name, title, e-mail, phone, link, photo and where they met', async () => {
    const me = await newMember(t);
    const { other, email } = await awkwardConnection(me);
    const res = await me.client.get(`/api/users/${other.id}/connection.vcf`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/vcard; charset=utf-8');
    expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename="[^"]+\.vcf"; filename\*=UTF-8''/);
    const raw = res.text;
    expect(raw.startsWith('BEGIN:VCARD\r\nVERSION:4.0\r\n')).toBe(true);
    for (const line of raw.split('\r\n')) expect(new TextEncoder().encode(line).length).toBeLessThanOrEqual(75);
    const card = new ICAL.Component(ICAL.parse(raw));
    expect(card.getFirstPropertyValue('fn')).toBe('Åsa "Ace" 李, Lind; Jr');
    expect(card.getFirstPropertyValue('n')).toEqual(['李, Lind; Jr', 'Åsa "Ace"', '', '', '']);
    expect(card.getFirstPropertyValue('title')).toBe('=HYPERLINK("http://evil.example","Click")');
    expect(card.getFirstPropertyValue('email')).toBe(email);
    expect(card.getFirstPropertyValue('tel')).toBe('tel:+46701234567');
    expect(card.getFirstPropertyValue('url')).toBe('https://www.linkedin.com/in/asa-lind');
    expect(card.getFirstPropertyValue('photo')).toBe('http://localhost/media/p/abc-512.webp');
    expect(card.getFirstPropertyValue('note')).toMatch(/^Met at Nordic Summit, 2026 on \d{4}-\d{2}-\d{2} \(Mingle\)$/);
  });

  it('is only for a connection: a stranger, oneself or an unknown id is 404; no session is 401', async () => {
    const me = await newMember(t);
    const stranger = await newMember(t);
    for (const id of [stranger.id, me.id, randomUUID(), 'x']) {
      const res = await me.client.get(`/api/users/${id}/connection.vcf`);
      expect(res.status, id).toBe(404);
      expect(res.body).toEqual({ error: API_ERRORS.userNotFound });
    }
    expect((await t.client().get(`/api/users/${stranger.id}/connection.vcf`)).status).toBe(401);
  });
});

describe('all connections', () => {
  it('as one .vcf with a card per connection, newest first', async () => {
    const me = await newMember(t);
    const first = await awkwardConnection(me, 'First Meetup');
    const plain = await newMember(t);
    await connect(t.db, me.id, plain.id);
    const res = await me.client.get('/api/users/connections/export.vcf');
    expect(res.status).toBe(200);
    const parsed = ICAL.parse(res.text);
    const cards = ((Array.isArray(parsed[0]) ? parsed : [parsed]) as unknown[][]).map((jcal) => new ICAL.Component(jcal));
    expect(cards.map((card) => card.getFirstPropertyValue('uid'))).toEqual([`urn:uuid:${plain.id}`, `urn:uuid:${first.other.id}`]);
    expect(cards[0]!.getFirstPropertyValue('note')).toMatch(/^Connected on Mingle on /);
    expect(cards[0]!.getFirstPropertyValue('tel')).toBeNull();
  });

  it('as CSV: UTF-8 with a BOM, quoted where needed, formula-looking cells neutralised, and parses back', async () => {
    const me = await newMember(t);
    const { email } = await awkwardConnection(me);
    const res = await me.client.get('/api/users/connections/export.csv');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename="mingle-connections-\d{4}-\d{2}-\d{2}\.csv"/);
    const raw = res.text;
    expect(raw.charCodeAt(0)).toBe(0xfeff);
    const parsed = Papa.parse<string[]>(raw.slice(1), { skipEmptyLines: true });
    expect(parsed.errors).toEqual([]);
    expect(parsed.data).toEqual([
      ['First name', 'Last name', 'Title', 'E-mail', 'Phone', 'LinkedIn', 'Location', 'Met at', 'Connected on'],
      [
        'Åsa "Ace"',
        '李, Lind; Jr',
        `'=HYPERLINK("http://evil.example","Click")`,
        email,
        "'+46701234567",
        'https://www.linkedin.com/in/asa-lind',
        'Göteborg, Sweden',
        'Nordic Summit, 2026',
        expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
      ],
    ]);
    // Nobody else's connections: a member without any gets the header only.
    const lonely = await newMember(t);
    const empty = (await lonely.client.get('/api/users/connections/export.csv')).text;
    expect(Papa.parse(empty.slice(1), { skipEmptyLines: true }).data).toHaveLength(1);
    expect((await t.client().get('/api/users/connections/export.csv')).status).toBe(401);
  });
});
