import type { CategoryLabel, EventTypeLabel } from './catalogue';

/**
 * Text material for demo events, per category. Name patterns may use {city}, {country} and {year};
 * types[0] decides the duration. Descriptions are assembled from intros, bullets and audience lines.
 */
export interface NamePattern {
  name: string;
  types: readonly EventTypeLabel[];
}

export interface CategoryMaterial {
  patterns: readonly NamePattern[];
  /** Talk and session topics, for agendas and bullets. */
  topics: readonly string[];
  /** First paragraph; {name} and {place} are replaced. */
  intros: readonly string[];
  bullets: readonly string[];
  audience: readonly string[];
  /** Teasers shown for PRO-only events to free users (previewData.aiGeneratedBlurb). */
  blurbs: readonly string[];
  /** Categories that are often tagged together with this one. */
  related: readonly CategoryLabel[];
}

const p = (name: string, ...types: EventTypeLabel[]): NamePattern => ({ name, types });

export const MATERIAL: Readonly<Record<CategoryLabel, CategoryMaterial>> = {
  'AI & Machine Learning': {
    patterns: [
      p('{city} AI Meetup', 'Meetup', 'Networking'),
      p('Applied Machine Learning Day {city}', 'Conference'),
      p('LLMs in Production: {city} Edition', 'Meetup'),
      p('Responsible AI Roundtable {city}', 'Networking'),
      p('Hands-on Workshop: Evaluating LLM Features in {city}', 'Workshop'),
      p('AI Builders Hackathon {city}', 'Hackathon'),
      p('Webinar: Retrieval or Fine-tuning, Choosing the Right Approach', 'Webinar'),
      p('Nordic AI Conference {year}', 'Conference', 'Networking'),
    ],
    topics: [
      'Evaluating LLM features before they reach customers',
      'Retrieval-augmented search over company documents',
      'Small models on the edge: what actually ships',
      'Building a labelling pipeline your team trusts',
      'AI regulation in Europe and what it means for product teams',
      'Measuring the cost of inference at scale',
      'Agents in the enterprise: hype, reality and guardrails',
    ],
    intros: [
      '<strong>{name}</strong> is a gathering for engineers, researchers and product people who ship machine learning to real users in {place}.',
      'Join us at <strong>{name}</strong> for an evening of honest talks about AI in production, from data collection to monitoring.',
      '<strong>{name}</strong> focuses on the practical side of AI: what works, what breaks and how teams in {place} measure the difference.',
    ],
    bullets: [
      'Case studies from teams running language models in production',
      'A live demo of an evaluation harness you can reuse',
      'Open discussion on AI governance and the EU AI Act',
      'Lightning talks from local researchers and startups',
      'Office hours with experienced ML engineers',
      'Time to meet other practitioners over food and drinks',
    ],
    audience: [
      'Ideal for ML engineers, data scientists and product managers working with AI features.',
      'Open to everyone curious about machine learning, no PhD required.',
    ],
    blurbs: [
      'A closed-door session where heads of AI compare how they evaluate and govern language models in production, with practical takeaways you can apply next quarter.',
      'Senior practitioners share the numbers behind their AI launches: costs, quality metrics and the mistakes they would avoid next time.',
    ],
    related: ['Data & Analytics', 'Software Engineering', 'Product Management'],
  },
  Startups: {
    patterns: [
      p('{city} Founders Breakfast', 'Networking'),
      p('Pitch Night {city}', 'Meetup', 'Networking'),
      p('Startup Weekend {city}', 'Hackathon'),
      p('From Idea to First Customer: Founder Workshop in {city}', 'Workshop'),
      p('{country} Startup Day {year}', 'Conference', 'Networking'),
      p('Scaleup Stories {city}', 'Meetup'),
      p('Webinar: Finding Product-Market Fit Without Burning Out', 'Webinar'),
    ],
    topics: [
      'Finding your first ten customers',
      'Pricing experiments for early-stage products',
      'Hiring your first engineers',
      'What investors look for in a pre-seed deck',
      'Building in public without giving away the plan',
      'Founder health and sustainable pace',
    ],
    intros: [
      '<strong>{name}</strong> brings together founders, operators and early employees from the {place} startup scene.',
      'Whether you are validating an idea or hiring your tenth employee, <strong>{name}</strong> is where {place} founders swap notes.',
      '<strong>{name}</strong> is an informal, no-slides-required event for people building new companies.',
    ],
    bullets: [
      'Short talks from founders who raised, pivoted or shut down',
      'Pitch practice with friendly feedback from operators',
      'Round tables on hiring, pricing and fundraising',
      'Meet angels and early-stage investors from the region',
      'Peer groups for solo founders',
      'Coffee, pastries and plenty of time to talk',
    ],
    audience: [
      'For founders, would-be founders and early startup employees.',
      'Students and career changers curious about startups are very welcome.',
    ],
    blurbs: [
      'An invitation-only founder circle where repeat entrepreneurs share unfiltered lessons on fundraising, hiring and growth.',
      'A curated evening pairing early-stage founders with operators who have scaled companies past a hundred employees.',
    ],
    related: ['Venture Capital', 'Leadership', 'Marketing'],
  },
  Fintech: {
    patterns: [
      p('{city} Fintech Meetup', 'Meetup', 'Networking'),
      p('Open Banking Summit {year}', 'Conference'),
      p('Payments Innovation Day {city}', 'Conference', 'Networking'),
      p('Compliance by Design Workshop {city}', 'Workshop'),
      p('European Fintech Expo {year}', 'Trade Fair', 'Conference'),
      p('Fintech Hackathon {city}', 'Hackathon'),
      p('Webinar: Instant Payments and What Changes for Merchants', 'Webinar'),
    ],
    topics: [
      'Instant payments across Europe',
      'Open finance APIs beyond account data',
      'Fraud detection with graph analytics',
      'Embedded lending for small businesses',
      'Building a compliance function at a scaleup',
      'Stablecoins and the regulatory outlook',
    ],
    intros: [
      '<strong>{name}</strong> is where banks, payment companies and fintech startups in {place} meet to talk about what is next for money.',
      'At <strong>{name}</strong>, practitioners from payments, lending and regtech share what they have learned building financial products.',
      '<strong>{name}</strong> covers the technology and the regulation behind modern financial services.',
    ],
    bullets: [
      'Keynotes from payments and banking leaders',
      'A regulator panel on open finance and licensing',
      'Case studies on fraud prevention and risk',
      'Demo area with early-stage fintech startups',
      'Matchmaking sessions between banks and startups',
      'An evening reception for all attendees',
    ],
    audience: [
      'For product, engineering, risk and compliance people in financial services.',
      'Founders building fintech products and investors in the space will feel at home.',
    ],
    blurbs: [
      'A private briefing with payment leaders on instant payments, open finance and the regulation shaping the next three years.',
      'Heads of risk and compliance share how they balance growth with regulatory scrutiny, in an off-the-record format.',
    ],
    related: ['Venture Capital', 'Cybersecurity', 'Startups'],
  },
  Sustainability: {
    patterns: [
      p('Climate Tech Meetup {city}', 'Meetup', 'Networking'),
      p('Circular Economy Forum {city}', 'Conference'),
      p('Green Energy Hackathon {city}', 'Hackathon'),
      p('Carbon Accounting Workshop in {city}', 'Workshop'),
      p('Sustainable Business Summit {year}', 'Conference', 'Networking'),
      p('CleanTech Expo {country} {year}', 'Trade Fair'),
      p('Webinar: Scope 3 Emissions Without the Headache', 'Webinar'),
    ],
    topics: [
      'Measuring scope 3 emissions with supplier data',
      'Heat pumps, batteries and the future grid',
      'Circular business models that make money',
      'Sustainable logistics for the last mile',
      'Greenwashing, reporting rules and credibility',
      'Financing climate hardware startups',
    ],
    intros: [
      '<strong>{name}</strong> gathers founders, engineers and sustainability leads working on the low-carbon economy in {place}.',
      'Join <strong>{name}</strong> to hear how companies in {place} cut emissions, measure impact and build circular products.',
      '<strong>{name}</strong> is a practical event about climate solutions, focused on what is working today.',
    ],
    bullets: [
      'Talks from climate tech founders and corporate sustainability leads',
      'A hands-on session on carbon accounting tools',
      'Panel on financing climate hardware',
      'Showcase of local circular economy projects',
      'Speed networking for climate jobs',
      'Plant-based lunch and refill stations',
    ],
    audience: [
      'For anyone working on climate, energy, mobility or circular business models.',
      'Sustainability managers, engineers and investors are especially welcome.',
    ],
    blurbs: [
      'An executive roundtable on decarbonising supply chains, with real data from companies that have cut scope 3 emissions.',
      'Climate investors and founders discuss which technologies will scale this decade, in a small-group format.',
    ],
    related: ['Startups', 'Data & Analytics', 'Venture Capital'],
  },
  Design: {
    patterns: [
      p('{city} Design Meetup', 'Meetup', 'Networking'),
      p('Design Systems Day {city}', 'Conference'),
      p('UX Research Workshop in {city}', 'Workshop'),
      p('Accessibility in Practice {city}', 'Workshop', 'Meetup'),
      p('Product Design Conference {year}', 'Conference', 'Networking'),
      p('Webinar: Design Tokens From Figma to Production', 'Webinar'),
      p('Service Design Jam {city}', 'Hackathon'),
    ],
    topics: [
      'Design tokens from Figma to production',
      'Running research with a tiny budget',
      'Accessibility audits that lead to real fixes',
      'Designing for trust in financial products',
      'Motion design that helps rather than distracts',
      'Growing a design team from one to ten',
    ],
    intros: [
      '<strong>{name}</strong> is a meeting place for product designers, researchers and front-end developers in {place}.',
      'At <strong>{name}</strong> we look at the craft of design: systems, research, accessibility and the details that users notice.',
      '<strong>{name}</strong> celebrates thoughtful design, with speakers who show their process rather than only the polished result.',
    ],
    bullets: [
      'Talks on design systems, research and accessibility',
      'Portfolio reviews with senior designers',
      'A hands-on critique session in small groups',
      'Tool demos from the local design community',
      'A jobs board and hiring table',
      'Drinks and sketching afterwards',
    ],
    audience: [
      'For designers, researchers, writers and developers who care about user experience.',
      'Junior designers and students looking for mentors are very welcome.',
    ],
    blurbs: [
      'Design leaders from well-known product companies walk through the systems and rituals behind their best work, in an intimate format.',
      'A small-group masterclass on building design systems that engineers actually adopt.',
    ],
    related: ['Product Management', 'Software Engineering', 'Marketing'],
  },
  Marketing: {
    patterns: [
      p('Growth Marketing Meetup {city}', 'Meetup', 'Networking'),
      p('B2B Marketing Forum {city}', 'Conference'),
      p('Content Strategy Workshop in {city}', 'Workshop'),
      p('Brand & Performance Summit {year}', 'Conference', 'Networking'),
      p('Webinar: Attribution After Third-Party Cookies', 'Webinar'),
      p('Marketing Leaders Breakfast {city}', 'Networking'),
    ],
    topics: [
      'Attribution after third-party cookies',
      'Lifecycle e-mail that people want to read',
      'Building a brand on a startup budget',
      'Product-led growth for B2B software',
      'Community as a marketing channel',
      'Pricing pages that convert',
    ],
    intros: [
      '<strong>{name}</strong> is for marketers in {place} who want fewer buzzwords and more results.',
      'At <strong>{name}</strong>, marketing leaders share the campaigns, channels and experiments that moved their numbers.',
      '<strong>{name}</strong> brings brand and performance marketers into the same room.',
    ],
    bullets: [
      'Campaign teardowns with real numbers',
      'A workshop on positioning and messaging',
      'Panel on measurement and attribution',
      'Roundtables for B2B and B2C marketers',
      'Meet agencies and in-house teams from the region',
      'Networking drinks after the talks',
    ],
    audience: [
      'For marketers, growth leads and founders who own a revenue target.',
      'Content creators and community managers will find plenty to take home.',
    ],
    blurbs: [
      'CMOs from fast-growing companies share budgets, channel mixes and the experiments that paid off, off the record.',
      'A hands-on growth clinic where experts review your funnel and suggest the next three experiments.',
    ],
    related: ['Startups', 'Product Management', 'Data & Analytics'],
  },
  Leadership: {
    patterns: [
      p('Leadership Circle {city}', 'Networking'),
      p('New Managers Workshop in {city}', 'Workshop'),
      p('Women in Leadership {city}', 'Meetup', 'Networking'),
      p('Engineering Leadership Summit {year}', 'Conference'),
      p('Webinar: Giving Feedback That Lands', 'Webinar'),
      p('Executive Dinner {city}', 'Networking'),
    ],
    topics: [
      'Giving feedback that lands',
      'Leading hybrid and remote teams',
      'Hiring well when time is short',
      'From individual contributor to manager',
      'Running effective leadership offsites',
      'Building psychological safety in fast teams',
    ],
    intros: [
      '<strong>{name}</strong> is a space for managers and executives in {place} to learn from each other.',
      'At <strong>{name}</strong> experienced leaders share the conversations, mistakes and habits that shaped how they lead.',
      '<strong>{name}</strong> helps new and experienced managers build teams people want to stay in.',
    ],
    bullets: [
      'Talks from leaders who grew teams through change',
      'Practical exercises on feedback and coaching',
      'Peer circles for managers facing similar challenges',
      'A fireside chat with an experienced executive',
      'Resources and reading lists to take home',
      'Dinner and time to continue the conversation',
    ],
    audience: [
      'For team leads, managers and executives in any industry.',
      'Especially useful for people who became managers in the last two years.',
    ],
    blurbs: [
      'A confidential peer forum where executives work through real leadership challenges with a trained facilitator.',
      'An invitation-only dinner for engineering leaders on scaling teams, culture and hiring.',
    ],
    related: ['Future of Work', 'Product Management', 'Startups'],
  },
  'Health Tech': {
    patterns: [
      p('Digital Health Meetup {city}', 'Meetup', 'Networking'),
      p('Health Tech Summit {year}', 'Conference'),
      p('MedTech Hackathon {city}', 'Hackathon'),
      p('Clinical Data Workshop in {city}', 'Workshop'),
      p('Health Innovation Fair {country} {year}', 'Trade Fair', 'Networking'),
      p('Webinar: Getting a Digital Health App Through Regulation', 'Webinar'),
    ],
    topics: [
      'Clinical validation for digital health apps',
      'Interoperability and health data standards',
      'AI-assisted diagnostics and patient safety',
      'Remote monitoring for chronic conditions',
      'Selling to hospitals and health systems',
      'Mental health products that respect users',
    ],
    intros: [
      '<strong>{name}</strong> connects clinicians, researchers and health-tech builders in {place}.',
      'At <strong>{name}</strong> we discuss how digital tools reach patients safely, with evidence and with clinicians on board.',
      '<strong>{name}</strong> is about the hard parts of health innovation: regulation, data and adoption in real care.',
    ],
    bullets: [
      'Talks from clinicians and health-tech founders',
      'Panel on regulation and medical device rules',
      'Case studies on hospital procurement',
      'A poster session for research projects',
      'Matchmaking with healthcare providers',
      'Networking lunch',
    ],
    audience: [
      'For clinicians, researchers, founders and anyone building products for healthcare.',
      'Health system leaders and investors are warmly invited.',
    ],
    blurbs: [
      'Hospital innovation leads and founders discuss what it really takes to get a digital health product adopted in care.',
      'A closed workshop on medical device regulation for software, led by experienced regulatory specialists.',
    ],
    related: ['AI & Machine Learning', 'Data & Analytics', 'Startups'],
  },
  'Software Engineering': {
    patterns: [
      p('{city} Developer Meetup', 'Meetup', 'Networking'),
      p('Cloud Native Day {city}', 'Conference'),
      p('TypeScript Workshop in {city}', 'Workshop'),
      p('Platform Engineering Summit {year}', 'Conference', 'Networking'),
      p('Open Source Hack Day {city}', 'Hackathon'),
      p('Webinar: Observability Without the Bill Shock', 'Webinar'),
      p('Web Performance Meetup {city}', 'Meetup'),
    ],
    topics: [
      'Observability without the bill shock',
      'Platform teams that developers love',
      'Offline-first web apps',
      'Type-safe APIs from database to browser',
      'Incident reviews that improve systems',
      'Testing strategies for fast-moving teams',
    ],
    intros: [
      '<strong>{name}</strong> is a community event for developers in {place}, with talks by engineers for engineers.',
      'At <strong>{name}</strong>, practitioners share how they build, test and run software that people depend on.',
      '<strong>{name}</strong> is for developers who like concrete examples, real code and honest post-mortems.',
    ],
    bullets: [
      'Deep-dive talks with live code',
      'Lightning talks from local developers',
      'A hallway track with plenty of coffee',
      'Open source contribution corner',
      'Hiring table from local tech companies',
      'Pizza and drinks',
    ],
    audience: [
      'For software engineers of every level and stack.',
      'Beginners, career changers and seasoned engineers are all welcome.',
    ],
    blurbs: [
      'Staff engineers from high-traffic products share architecture decisions and the trade-offs behind them, under the Chatham House rule.',
      'A small, senior-only workshop on platform engineering and developer experience at scale.',
    ],
    related: ['AI & Machine Learning', 'Cybersecurity', 'Data & Analytics'],
  },
  'Data & Analytics': {
    patterns: [
      p('{city} Data Meetup', 'Meetup', 'Networking'),
      p('Analytics Engineering Day {city}', 'Conference'),
      p('Data Visualisation Workshop in {city}', 'Workshop'),
      p('Modern Data Stack Conference {year}', 'Conference'),
      p('Open Data Hackathon {city}', 'Hackathon'),
      p('Webinar: Data Contracts in Practice', 'Webinar'),
    ],
    topics: [
      'Data contracts in practice',
      'Metrics layers and a single source of truth',
      'Data quality checks that catch real problems',
      'Visualisations that decision makers read',
      'Privacy-preserving analytics',
      'Streaming pipelines for product analytics',
    ],
    intros: [
      '<strong>{name}</strong> brings together data engineers, analysts and scientists in {place}.',
      'At <strong>{name}</strong> we talk pipelines, metrics and the people side of data teams.',
      '<strong>{name}</strong> is a friendly event for anyone turning data into decisions.',
    ],
    bullets: [
      'Talks on pipelines, modelling and data quality',
      'A workshop on building dashboards people use',
      'Panel on data team structures',
      'Show and tell of open data projects',
      'Career corner for aspiring analysts',
      'Snacks and networking',
    ],
    audience: [
      'For data engineers, analysts, data scientists and their managers.',
      'Anyone working with spreadsheets and curious about modern tooling is welcome.',
    ],
    blurbs: [
      'Heads of data compare how they structure teams, measure impact and earn trust from the business, in a closed session.',
      'A premium masterclass on designing metrics that survive reorganisations and board meetings.',
    ],
    related: ['AI & Machine Learning', 'Software Engineering', 'Product Management'],
  },
  Cybersecurity: {
    patterns: [
      p('{city} Security Meetup', 'Meetup', 'Networking'),
      p('Capture the Flag {city}', 'Hackathon'),
      p('Cyber Resilience Conference {year}', 'Conference'),
      p('Secure Development Workshop in {city}', 'Workshop'),
      p('Security Trade Show {country} {year}', 'Trade Fair', 'Conference'),
      p('Webinar: Preparing for NIS2', 'Webinar'),
    ],
    topics: [
      'Preparing for NIS2',
      'Threat modelling for product teams',
      'Supply-chain security for open source',
      'Incident response tabletop exercises',
      'Passkeys and the end of passwords',
      'Security awareness that changes behaviour',
    ],
    intros: [
      '<strong>{name}</strong> is a gathering for security professionals and curious engineers in {place}.',
      'At <strong>{name}</strong> defenders share how they detect, respond to and learn from incidents.',
      '<strong>{name}</strong> makes security practical for teams of every size.',
    ],
    bullets: [
      'Talks from incident responders and security engineers',
      'Hands-on lab on threat modelling',
      'Panel on regulation and compliance',
      'A beginner-friendly capture the flag corner',
      'Meet security teams that are hiring',
      'Networking with coffee and snacks',
    ],
    audience: [
      'For security engineers, developers, IT leaders and risk managers.',
      'Students interested in a security career are welcome.',
    ],
    blurbs: [
      'CISOs share lessons from real incidents under the Chatham House rule, with a focus on what to prepare before the next one.',
      'A hands-on red team exercise for senior security engineers, limited to a small group.',
    ],
    related: ['Software Engineering', 'Fintech', 'Data & Analytics'],
  },
  'Product Management': {
    patterns: [
      p('Product Managers Meetup {city}', 'Meetup', 'Networking'),
      p('Product Leadership Forum {city}', 'Conference'),
      p('Discovery Workshop in {city}', 'Workshop'),
      p('Product Summit {year}', 'Conference', 'Networking'),
      p('Webinar: Roadmaps Without Dates', 'Webinar'),
      p('Product Breakfast {city}', 'Networking'),
    ],
    topics: [
      'Roadmaps without dates',
      'Continuous discovery with busy customers',
      'Pricing and packaging for SaaS',
      'Saying no to stakeholders without burning bridges',
      'Metrics that matter for product teams',
      'Working with AI features as a product manager',
    ],
    intros: [
      '<strong>{name}</strong> is where product people in {place} share how they decide what to build.',
      'At <strong>{name}</strong> product managers, designers and engineers talk about discovery, delivery and outcomes.',
      '<strong>{name}</strong> focuses on the daily craft of product management.',
    ],
    bullets: [
      'Talks from product leaders at growing companies',
      'A discovery workshop with real customer interviews',
      'Roundtables on roadmaps and prioritisation',
      'Career conversations for aspiring product managers',
      'Meet product teams that are hiring',
      'Drinks and networking',
    ],
    audience: [
      'For product managers, product owners and anyone close to product decisions.',
      'Designers and engineers who work with product teams are very welcome.',
    ],
    blurbs: [
      'Chief product officers share how they run planning, say no and measure outcomes, in a small invitation-only format.',
      'A premium workshop on pricing and packaging for software products, with real examples from growing companies.',
    ],
    related: ['Design', 'Leadership', 'Data & Analytics'],
  },
  'Venture Capital': {
    patterns: [
      p('Investor Office Hours {city}', 'Networking'),
      p('Demo Day {city}', 'Conference', 'Networking'),
      p('Angel Investing Workshop in {city}', 'Workshop'),
      p('Venture Capital Forum {year}', 'Conference'),
      p('Webinar: Term Sheets Explained', 'Webinar'),
      p('Founders and Funders Evening {city}', 'Networking', 'Meetup'),
    ],
    topics: [
      'Term sheets explained',
      'How angels evaluate early-stage companies',
      'Fundraising in a tighter market',
      'Building a syndicate',
      'Secondaries and liquidity for early employees',
      'Diversity in venture portfolios',
    ],
    intros: [
      '<strong>{name}</strong> connects founders and investors in {place}.',
      'At <strong>{name}</strong> investors explain how they think, and founders get direct feedback on their plans.',
      '<strong>{name}</strong> is for people on both sides of the fundraising table.',
    ],
    bullets: [
      'Pitches from selected early-stage startups',
      'Investor panel on the current market',
      'One-to-one office hours with partners',
      'A primer on term sheets and valuations',
      'Networking reception',
      'Introductions to local angel groups',
    ],
    audience: [
      'For founders preparing to raise and for angels and fund managers.',
      'Operators thinking about angel investing will learn a lot.',
    ],
    blurbs: [
      'An invitation-only dinner where fund partners and founders discuss the fundraising market candidly.',
      'A premium session with limited partners on how venture funds are raised, managed and measured.',
    ],
    related: ['Startups', 'Fintech', 'Leadership'],
  },
  'Future of Work': {
    patterns: [
      p('Future of Work Forum {city}', 'Conference', 'Networking'),
      p('Remote Work Meetup {city}', 'Meetup'),
      p('People and Culture Workshop in {city}', 'Workshop'),
      p('HR Tech Fair {country} {year}', 'Trade Fair'),
      p('Webinar: The Four-Day Week in Practice', 'Webinar'),
      p('Hybrid Teams Breakfast {city}', 'Networking'),
    ],
    topics: [
      'The four-day week in practice',
      'Onboarding remote employees',
      'Skills-based hiring',
      'AI assistants in daily work',
      'Designing offices people want to visit',
      'Wellbeing programmes that make a difference',
    ],
    intros: [
      '<strong>{name}</strong> explores how work is changing and what that means for people and companies in {place}.',
      'At <strong>{name}</strong> HR leaders, managers and researchers share what they have learned about hybrid work.',
      '<strong>{name}</strong> is about building workplaces that are productive and humane.',
    ],
    bullets: [
      'Research findings on hybrid and remote work',
      'Case studies from companies that changed their ways of working',
      'Workshop on onboarding and culture',
      'HR tech demos',
      'Roundtables for people leaders',
      'Lunch and networking',
    ],
    audience: [
      'For HR professionals, managers, founders and workplace designers.',
      'Anyone shaping how their team works will find it useful.',
    ],
    blurbs: [
      'People leaders from fast-growing companies share data on hybrid work, retention and engagement in a closed session.',
      'A premium workshop on designing a four-day week pilot, with companies that have tried it.',
    ],
    related: ['Leadership', 'Design', 'Product Management'],
  },
};

/** Agendas by main event type; {topic1}..{topic3} are replaced. Plain text, one item a line. */
export const AGENDAS: Readonly<Partial<Record<EventTypeLabel, readonly string[]>>> = {
  Meetup: [
    '17:30 Doors open, drinks and snacks\n18:00 Welcome from the organisers\n18:10 Talk: {topic1}\n18:50 Talk: {topic2}\n19:30 Networking\n21:00 Close',
    '18:00 Arrival and introductions\n18:20 Talk: {topic1}\n19:00 Lightning talks\n19:30 Open discussion: {topic2}\n20:00 Drinks',
  ],
  Conference: [
    '08:30 Registration and breakfast\n09:15 Opening keynote\n10:00 {topic1}\n11:00 Coffee break\n11:30 Panel: {topic2}\n12:30 Lunch\n13:30 Breakout sessions\n15:00 {topic3}\n16:00 Closing remarks\n16:30 Networking reception',
    'Day 1\n09:00 Welcome and keynote\n10:30 Track sessions\n14:00 {topic1}\n17:00 Reception\n\nDay 2\n09:30 {topic2}\n11:00 Workshops\n13:30 {topic3}\n15:30 Closing panel',
  ],
  Workshop: [
    '09:00 Coffee and setup\n09:30 Introduction: {topic1}\n10:30 Hands-on exercise\n12:00 Lunch\n13:00 Group work: {topic2}\n15:00 Presentations and feedback\n16:00 Wrap-up',
    '13:00 Welcome\n13:15 Concepts: {topic1}\n14:15 Exercise in pairs\n15:30 Break\n15:45 Applying it: {topic2}\n17:00 Close',
  ],
  Networking: [
    '07:45 Coffee and breakfast\n08:15 Short introduction round\n08:30 Conversation starter: {topic1}\n09:30 Close',
    '18:00 Welcome drinks\n18:30 Table conversations: {topic1}\n19:30 Dinner\n21:00 Close',
  ],
  Hackathon: [
    'Saturday\n09:00 Check-in and breakfast\n10:00 Challenge presentations: {topic1}\n11:00 Team forming\n12:00 Hacking starts\n\nSunday\n12:00 Code freeze\n13:00 Demos\n15:00 Jury and awards',
  ],
  Webinar: [
    'Introduction (5 minutes)\nPresentation: {topic1} (35 minutes)\nQ&A with the audience (20 minutes)',
  ],
  Festival: [
    'Day 1: Opening night and {topic1}\nDay 2: Main stage talks and workshops\nDay 3: {topic2} and side events across the city\nEvery evening: community parties and networking',
  ],
  'Trade Fair': [
    'Day 1\n09:00 Halls open\n10:00 Opening keynote: {topic1}\n13:00 Matchmaking sessions\n18:00 Halls close\n\nDay 2\n09:00 Halls open\n11:00 Stage: {topic2}\n16:00 Closing',
  ],
};
