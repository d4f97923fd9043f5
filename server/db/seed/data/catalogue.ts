/** Categories, event types and organizers of the demo catalogue. All names are fictional. */

export const CATEGORIES = [
  'AI & Machine Learning',
  'Startups',
  'Fintech',
  'Sustainability',
  'Design',
  'Marketing',
  'Leadership',
  'Health Tech',
  'Software Engineering',
  'Data & Analytics',
  'Cybersecurity',
  'Product Management',
  'Venture Capital',
  'Future of Work',
] as const;
export type CategoryLabel = (typeof CATEGORIES)[number];

export const EVENT_TYPES = [
  'Conference',
  'Meetup',
  'Workshop',
  'Networking',
  'Hackathon',
  'Webinar',
  'Festival',
  'Trade Fair',
] as const;
export type EventTypeLabel = (typeof EVENT_TYPES)[number];

export interface SeedOrganizer {
  name: string;
  description: string;
  /** The categories its events are about; events pick an organizer by their main category. */
  focus: readonly CategoryLabel[];
  /** Logo colours (background, accent) for generate-media.ts. */
  colors: readonly [string, string];
}

export const ORGANIZERS: readonly SeedOrganizer[] = [
  {
    name: 'Nordic Tech Summit',
    description:
      'Nordic Tech Summit brings together engineers, founders and investors from across the Nordics for conferences and meetups about applied technology. Our events are practical, speaker-led and built for conversations in the hallway as much as on stage.',
    focus: ['AI & Machine Learning', 'Software Engineering', 'Startups'],
    colors: ['#1d3557', '#a8dadc'],
  },
  {
    name: 'Fjord Founders Network',
    description:
      'A community of early-stage founders in Norway, Sweden and Denmark. We run founder dinners, pitch nights and the Nordic Startup Festival, and we keep every event small enough that you actually meet people.',
    focus: ['Startups', 'Venture Capital', 'Leadership'],
    colors: ['#264653', '#e9c46a'],
  },
  {
    name: 'Baltic Fintech Forum',
    description:
      'Baltic Fintech Forum connects banks, payment companies, regulators and fintech startups around the Baltic Sea. Expect candid panels on open banking, compliance and the future of payments.',
    focus: ['Fintech', 'Cybersecurity', 'Venture Capital'],
    colors: ['#0b3c5d', '#f2c14e'],
  },
  {
    name: 'GreenShift Events',
    description:
      'GreenShift Events organises conferences and hackathons for people building the low-carbon economy: energy, mobility, food and circular business models. Every event is measured and offset, and the menu is plant-based.',
    focus: ['Sustainability', 'Startups', 'Data & Analytics'],
    colors: ['#1b4332', '#95d5b2'],
  },
  {
    name: 'Alpine Design Collective',
    description:
      'A collective of product designers, researchers and design leaders from Switzerland, Austria and southern Germany. We host hands-on workshops and an annual design festival with a strong focus on craft.',
    focus: ['Design', 'Product Management', 'Future of Work'],
    colors: ['#6d2e46', '#f4a261'],
  },
  {
    name: 'Helix Health Innovation',
    description:
      'Helix Health Innovation is a non-profit platform for clinicians, researchers and health-tech companies. Our meetups and roundtables focus on evidence, patient safety and getting digital health into real care pathways.',
    focus: ['Health Tech', 'AI & Machine Learning', 'Data & Analytics'],
    colors: ['#023e8a', '#90e0ef'],
  },
  {
    name: 'Atlantic Growth Marketing',
    description:
      'Practical events for marketers who own a number. From brand strategy to lifecycle e-mail and attribution, our speakers share what worked, what did not and what they would do differently.',
    focus: ['Marketing', 'Product Management', 'Startups'],
    colors: ['#9d0208', '#ffba08'],
  },
  {
    name: 'Lakeside Leadership Institute',
    description:
      'Lakeside Leadership Institute runs programmes and open events for managers and executives: leading hybrid teams, difficult conversations, hiring well and building a culture people want to stay in.',
    focus: ['Leadership', 'Future of Work', 'Product Management'],
    colors: ['#3a0ca3', '#b8c0ff'],
  },
  {
    name: 'Open Data Guild',
    description:
      'The Open Data Guild is a volunteer-run community for data engineers, analysts and scientists. We organise free meetups, a yearly data festival and workshops on modern analytics tooling.',
    focus: ['Data & Analytics', 'AI & Machine Learning', 'Software Engineering'],
    colors: ['#005f73', '#ee9b00'],
  },
  {
    name: 'Polar Hackers',
    description:
      'Polar Hackers hosts weekend hackathons and security meetups from Reykjavík to Helsinki. Bring a laptop and an idea, leave with a team, a prototype and a few new friends.',
    focus: ['Cybersecurity', 'Software Engineering', 'AI & Machine Learning'],
    colors: ['#14213d', '#fca311'],
  },
  {
    name: 'Continental Trade Fairs',
    description:
      'Continental Trade Fairs produces large B2B exhibitions in Germany, France, Italy and Spain. Our fairs combine exhibition halls with curated matchmaking so that buyers and suppliers meet the right people.',
    focus: ['Fintech', 'Sustainability', 'Health Tech', 'Marketing'],
    colors: ['#283618', '#dda15e'],
  },
  {
    name: 'Maple & Main Ventures',
    description:
      'Maple & Main Ventures is an investor network in Canada and the United States. We host demo days, investor office hours and founder networking evenings for companies raising their first rounds.',
    focus: ['Venture Capital', 'Startups', 'Fintech'],
    colors: ['#7f1d1d', '#fde68a'],
  },
];
