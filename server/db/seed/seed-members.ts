import { DEMO_EMAIL, DEMO_PRO_EMAIL } from './constants';
import { ATTENDEES_PER_COUNTRY, NAME_POOLS, TRACKS, type Track } from './data/people';
import { COUNTRIES, type SeedCountry } from './data/places';
import { seedUuid } from './ids';
import { AVATAR_COUNT, asciiFold, avatarUrl, slugify } from './media';
import type { Random } from './random';
import type { Catalogue } from './seed-catalogue';
import { DAY, fill, MINUTE, pad2, type PlannedLocation, type PlannedUser, type Row } from './seed-plan';

export interface Members {
  users: Row<'users'>[];
  consents: Row<'consents'>[];
  subscriptions: Row<'subscriptions'>[];
  /** Everyone, the demo accounts first. */
  people: PlannedUser[];
  demo: PlannedUser;
  demoPro: PlannedUser;
  /** Everyone but the demo accounts. */
  attendees: PlannedUser[];
}

/** The demo accounts and the members of every country, their consents, and who pays for PRO. */
export function buildMembers(root: Random, { city, pickCity }: Catalogue, nowMs: number): Members {
  const stockholm = city('Stockholm');
  const userRng = root.fork('users');
  const users: Row<'users'>[] = [];
  const people: PlannedUser[] = [];
  const usedEmails = new Set<string>();
  const domains = ['example.com', 'example.org', 'example.net'];
  const trackOrder = userRng.shuffle(TRACKS);
  let trackCursor = 0;

  const phoneFor = (rng: Random, country: SeedCountry) => {
    if (country.phoneDigits === 0) {
      // North American numbers in the 555-0100..0199 range, which is reserved for fiction.
      const area = country.code === 'US' ? rng.pick(['212', '415', '512', '617', '206']) : rng.pick(['416', '604', '514', '403']);
      return `+1${area}55501${pad2(rng.int(0, 99))}`;
    }
    let digits = '';
    for (let d = 0; d < country.phoneDigits; d++) digits += String(rng.int(0, 9));
    return `${country.phonePrefix}${digits}`;
  };

  const addUser = (
    rng: Random,
    u: {
      firstName: string;
      lastName: string;
      email: string;
      home: PlannedLocation;
      track: Track;
      role: string;
      story: string;
      imageUrl: string | null;
      createdAt: number;
      isPro?: boolean;
    },
  ) => {
    const id = seedUuid(`user:${u.email}`);
    const slug = `${slugify(u.firstName)}-${slugify(u.lastName)}-${Buffer.from(rng.bytes(2)).toString('hex')}`;
    users.push({
      id,
      email: u.email,
      first_name: u.firstName,
      last_name: u.lastName,
      image_url: u.imageUrl,
      role: u.role,
      story: u.story,
      location: `${u.home.name}, ${u.home.country.name}`,
      location_id: u.home.id,
      linkedin_url: `https://www.linkedin.com/in/${slug}`,
      phone: phoneFor(rng, u.home.country),
      share_secret: null,
      created_at: new Date(u.createdAt),
      updated_at: new Date(u.createdAt),
    });
    const person = { id, email: u.email, firstName: u.firstName, lastName: u.lastName, track: u.track, createdAt: u.createdAt, isPro: Boolean(u.isPro) };
    people.push(person);
    return person;
  };

  const productTrack = TRACKS.find((t) => t.category === 'Product Management') as Track;
  const demo = addUser(userRng.fork('demo'), {
    firstName: 'Demo',
    lastName: 'User',
    email: DEMO_EMAIL,
    home: stockholm,
    track: productTrack,
    role: 'Product Lead at Northwind Labs',
    story:
      'I lead product for a small software team in Stockholm and I use this account to explore the app: finding events, setting a goal and meeting other attendees. I am curious about offline-first apps, good onboarding and the people who build them. Say hello if we are at the same event.',
    imageUrl: avatarUrl(1),
    createdAt: nowMs - 120 * DAY,
  });
  const demoPro = addUser(userRng.fork('demo-pro'), {
    firstName: 'Demo',
    lastName: 'Pro',
    email: DEMO_PRO_EMAIL,
    home: city('Gothenburg'),
    track: TRACKS.find((t) => t.category === 'Venture Capital') as Track,
    role: 'Angel Investor and Startup Advisor',
    story:
      'I am the demo account with a PRO subscription. In my working life I advise early-stage founders on fundraising and go-to-market, and I invest small tickets in Nordic software companies. I go to a lot of events and I am happy to give honest feedback on a pitch.',
    imageUrl: avatarUrl(2),
    createdAt: nowMs - 300 * DAY,
    isPro: true,
  });

  for (const country of COUNTRIES) {
    const count = ATTENDEES_PER_COUNTRY[country.code] ?? 0;
    const pool = NAME_POOLS[country.code];
    if (!pool) continue;
    const rng = userRng.fork(`country:${country.code}`);
    const females = rng.shuffle(pool.female);
    const males = rng.shuffle(pool.male);
    const lasts = rng.shuffle(pool.last);
    const lastF = rng.shuffle(pool.lastFemale ?? []);
    const lastM = rng.shuffle(pool.lastMale ?? []);
    const taken = { female: 0, male: 0 };
    for (let n = 0; n < count; n++) {
      // Roughly balanced, without two members of one country sharing a first name.
      const female = taken.female < taken.male || (taken.female === taken.male && rng.chance(0.5));
      const k = female ? taken.female++ : taken.male++;
      const firstList = female ? females : males;
      const firstName = firstList[k % firstList.length] as string;
      const lastName = (pool.lastFemale ? (female ? lastF : lastM)[k] : lasts[n % lasts.length]) as string;
      const local = `${asciiFold(firstName)}.${asciiFold(lastName)}`.toLowerCase().replace(/[^a-z.]/g, '');
      let email = `${local}@${rng.pick(domains)}`;
      for (let k = 2; usedEmails.has(email); k++) email = `${local}${k}@${rng.pick(domains)}`;
      usedEmails.add(email);

      const track = trackOrder[trackCursor++ % trackOrder.length] as Track;
      const home = pickCity(rng, country.code);
      const company = rng.pick(track.companies);
      const vars = { company, city: home.name, years: String(rng.int(3, 18)) };
      const opener = rng.pick(track.openers);
      // Name the company once at most.
      const middles = opener.includes('{company}') ? track.middles.filter((m) => !m.includes('{company}')) : track.middles;
      const storyParts = [opener, rng.pick(middles)];
      if (rng.chance(0.85)) storyParts.push(rng.pick(track.closers));
      const title = rng.pick(track.titles);
      addUser(rng, {
        firstName,
        lastName,
        email,
        home,
        track,
        role: title.startsWith('Angel') || title.includes('Coach') || title.includes('Consultant') ? `${title}, independent` : `${title} at ${company}`,
        story: fill(storyParts.join(' '), vars),
        imageUrl: rng.chance(0.92) ? avatarUrl(rng.int(3, AVATAR_COUNT)) : null,
        createdAt: nowMs - rng.int(14, 420) * DAY,
      });
    }
  }
  const attendees = people.filter((p) => p !== demo && p !== demoPro);

  // A few members pay for PRO (one has cancelled but keeps access until the period ends).
  const proMembers = userRng.sample(attendees, 3);
  for (const p of proMembers) p.isPro = true;
  const subscriptions: Row<'subscriptions'>[] = [demoPro, ...proMembers].map((p, i) => {
    const periodEnd = new Date(nowMs + (8 + i * 6) * DAY);
    return {
      user_id: p.id,
      status: 'PRO',
      plan_name: 'PRO',
      stripe_customer_id: null,
      stripe_subscription_id: null,
      current_period_end: periodEnd,
      ends_at: i === 3 ? periodEnd : null,
      updated_at: new Date(nowMs - (20 + i) * DAY),
    };
  });

  const consents: Row<'consents'>[] = people.flatMap((p) =>
    (['terms', 'privacy', 'product_updates', 'event_marketing'] as const).map((type) => ({
      id: seedUuid(`consent:${p.email}:${type}`),
      user_id: p.id,
      type,
      ai_enabled: null,
      created_at: new Date(p.createdAt + 5 * MINUTE),
      revoked_at: null,
    })),
  );

  return { users, consents, subscriptions, people, demo, demoPro, attendees };
}
