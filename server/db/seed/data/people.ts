import type { CategoryLabel } from './catalogue';

/**
 * Material for demo attendees. Names are common ones for each country, combined at random, so any
 * likeness to a real person is accidental. Companies are fictional.
 */
export interface NamePool {
  female: readonly string[];
  male: readonly string[];
  last: readonly string[];
  /** Icelandic patronymics differ by gender. */
  lastFemale?: readonly string[];
  lastMale?: readonly string[];
}

export const NAME_POOLS: Readonly<Record<string, NamePool>> = {
  SE: {
    female: ['Astrid', 'Elin', 'Maja', 'Linnea', 'Sofia', 'Ebba', 'Frida', 'Karin'],
    male: ['Erik', 'Johan', 'Oskar', 'Gustav', 'Anders', 'Viktor', 'Nils', 'Henrik'],
    last: ['Lindqvist', 'Andersson', 'Berg', 'Nyström', 'Holm', 'Sjöberg', 'Ekström', 'Lundgren', 'Karlsson', 'Wallin', 'Forsberg', 'Björk'],
  },
  NO: {
    female: ['Ingrid', 'Sigrid', 'Nora', 'Ida', 'Thea'],
    male: ['Magnus', 'Lars', 'Eirik', 'Sindre', 'Håkon'],
    last: ['Haugen', 'Solberg', 'Bakke', 'Hansen', 'Moen', 'Strand', 'Dahl', 'Aasen'],
  },
  DK: {
    female: ['Freja', 'Sofie', 'Emma', 'Clara', 'Mathilde'],
    male: ['Mads', 'Rasmus', 'Frederik', 'Søren', 'Jonas'],
    last: ['Nielsen', 'Jensen', 'Madsen', 'Kjær', 'Østergaard', 'Thomsen', 'Lund', 'Vestergaard'],
  },
  FI: {
    female: ['Aino', 'Helmi', 'Venla', 'Laura', 'Noora'],
    male: ['Mikko', 'Juha', 'Antti', 'Ville', 'Eero'],
    last: ['Virtanen', 'Korhonen', 'Mäkinen', 'Nieminen', 'Heikkinen', 'Laine', 'Salonen', 'Koskinen'],
  },
  IS: {
    female: ['Guðrún', 'Katrín', 'Sólveig', 'Helga'],
    male: ['Jón', 'Einar', 'Bjarni', 'Gunnar'],
    last: [],
    lastFemale: ['Jónsdóttir', 'Magnúsdóttir', 'Ólafsdóttir', 'Stefánsdóttir'],
    lastMale: ['Sigurðsson', 'Gunnarsson', 'Einarsson', 'Pálsson'],
  },
  DE: {
    female: ['Lena', 'Clara', 'Hannah', 'Marie', 'Johanna'],
    male: ['Jonas', 'Felix', 'Lukas', 'Maximilian', 'Tobias'],
    last: ['Müller', 'Schmidt', 'Becker', 'Hoffmann', 'Wagner', 'Schäfer', 'Richter', 'Krüger'],
  },
  FR: {
    female: ['Camille', 'Chloé', 'Léa', 'Manon', 'Inès'],
    male: ['Louis', 'Hugo', 'Julien', 'Antoine', 'Théo'],
    last: ['Martin', 'Dubois', 'Lefèvre', 'Moreau', 'Laurent', 'Girard', 'Fournier', 'Rousseau'],
  },
  GB: {
    female: ['Olivia', 'Amelia', 'Charlotte', 'Isla', 'Grace'],
    male: ['James', 'Oliver', 'Harry', 'George', 'Samuel'],
    last: ['Smith', 'Taylor', 'Hughes', 'Clarke', 'Walker', 'Wright', 'Evans', 'Turner'],
  },
  IT: {
    female: ['Giulia', 'Francesca', 'Chiara', 'Sara'],
    male: ['Marco', 'Luca', 'Alessandro', 'Matteo'],
    last: ['Rossi', 'Bianchi', 'Romano', 'Colombo', 'Ricci', 'Marino'],
  },
  ES: {
    female: ['Lucía', 'Carmen', 'Marta', 'Elena'],
    male: ['Pablo', 'Javier', 'Daniel', 'Álvaro'],
    last: ['García', 'Fernández', 'López', 'Martínez', 'Sánchez', 'Romero'],
  },
  NL: {
    female: ['Sanne', 'Fleur', 'Lotte', 'Anouk'],
    male: ['Daan', 'Bram', 'Thijs', 'Ruben'],
    last: ['de Vries', 'Jansen', 'van Dijk', 'Bakker', 'Visser', 'Smit'],
  },
  BE: {
    female: ['Elise', 'Margot', 'Lien'],
    male: ['Wout', 'Arne', 'Maxime'],
    last: ['Peeters', 'Janssens', 'Maes', 'Claes', 'Willems'],
  },
  CH: {
    female: ['Nina', 'Anna', 'Laura'],
    male: ['Reto', 'Simon', 'Lukas'],
    last: ['Meier', 'Keller', 'Brunner', 'Baumann'],
  },
  AT: {
    female: ['Katharina', 'Theresa', 'Magdalena'],
    male: ['Florian', 'Tobias', 'Stefan'],
    last: ['Gruber', 'Huber', 'Pichler', 'Steiner'],
  },
  US: {
    female: ['Emily', 'Priya', 'Jessica', 'Sarah', 'Maya'],
    male: ['Michael', 'Marcus', 'Ryan', 'David', 'Kevin'],
    last: ['Johnson', 'Williams', 'Brown', 'Davis', 'Nguyen', 'Patel', 'Kim', 'Rivera'],
  },
  CA: {
    female: ['Chloe', 'Sophie', 'Avery', 'Émilie'],
    male: ['Liam', 'Ethan', 'Nathan', 'Owen'],
    last: ['Tremblay', 'Roy', 'MacDonald', 'Gagnon', 'Campbell', 'Leblanc'],
  },
};

/** How many demo attendees live in each country (74 in all). */
export const ATTENDEES_PER_COUNTRY: Readonly<Record<string, number>> = {
  SE: 12, NO: 6, DK: 6, FI: 6, IS: 3, DE: 7, FR: 5, GB: 6, IT: 3, ES: 3, NL: 4, BE: 2, CH: 2, AT: 2, US: 4, CA: 3,
};

/**
 * A professional track: what someone does, how they describe themselves and what they hope to get
 * out of an event. Stories are an opener, a middle and a closer; {company}, {city} and {years}
 * are replaced. Every text must read as prose (the content check of contract/ rejects code).
 */
export interface Track {
  category: CategoryLabel;
  titles: readonly string[];
  companies: readonly string[];
  openers: readonly string[];
  middles: readonly string[];
  closers: readonly string[];
  goals: readonly string[];
}

export const TRACKS: readonly Track[] = [
  {
    category: 'AI & Machine Learning',
    titles: ['Machine Learning Engineer', 'Head of AI', 'Applied Scientist', 'AI Product Lead', 'Senior Data Scientist'],
    companies: ['Fjord Analytics', 'Aurora Robotics', 'Northwind Labs', 'Cobalt Cloud'],
    openers: [
      'I have spent {years} years turning machine learning research into features people actually use.',
      'I started out in computational linguistics and drifted into building language products.',
      'I lead a small applied AI team at {company} in {city}.',
      'After a PhD in computer vision I moved to industry to see my models meet real users.',
    ],
    middles: [
      'Right now I am working on evaluation tooling so that we know when a model change makes things better or worse.',
      'These days most of my time goes into retrieval, ranking and making language models behave predictably.',
      'At {company} we help operations teams automate the boring parts of their day with AI assistants.',
      'My current focus is keeping inference costs sane while the product grows.',
    ],
    closers: [
      'I enjoy meeting people who care about responsible AI as much as about accuracy.',
      'Happy to talk about evaluation, hiring ML engineers or hiking in the mountains.',
      'I am always up for a coffee with founders who are building with AI.',
      'Outside work I coach a youth football team and bake sourdough.',
    ],
    goals: [
      'Meet other teams running language models in production and compare how we evaluate quality.',
      'Looking for two or three ML engineers to join our team in the spring.',
      'I want to learn how others handle AI governance and the EU AI Act in practice.',
      'Find a research partner for a retrieval project, ideally from a university nearby.',
      'Swap notes on inference costs with people who run models at scale.',
    ],
  },
  {
    category: 'Startups',
    titles: ['Founder & CEO', 'Co-founder & COO', 'Founding Engineer', 'Head of Operations', 'Startup Advisor'],
    companies: ['Saga Learning', 'Harbor & Pine', 'Mistral Mobility', 'Solstice Foods'],
    openers: [
      'I am a second-time founder, now building {company} from {city}.',
      'I left a corporate strategy job {years} years ago to start my own company and have not looked back.',
      'I joined {company} as employee number three and have worn most of the hats since.',
      'I help early-stage teams with operations, hiring and the first version of their processes.',
    ],
    middles: [
      'We are a team of twelve, recently closed our seed round and are figuring out how to sell to larger customers.',
      'My days are split between talking to customers, recruiting and keeping the team focused.',
      'We are building tools that make it easier for small businesses to run their back office.',
      'My first company was acquired, and I now spend part of my time mentoring other founders.',
    ],
    closers: [
      'I love talking to people who are at the very beginning of their journey.',
      'Always happy to share what went wrong the first time around.',
      'Ask me about hiring your first team or about cycling in the archipelago.',
      'I am keen to meet operators who have scaled a company past fifty people.',
    ],
    goals: [
      'Meet founders at the same stage to start a small peer group.',
      'Looking for a technical co-founder who enjoys talking to customers.',
      'Find two or three pilot customers among larger companies in the region.',
      'Get honest feedback on our pitch before we start raising in the autumn.',
      'Learn how other founders structured their first sales team.',
    ],
  },
  {
    category: 'Fintech',
    titles: ['Head of Payments', 'Product Manager, Open Banking', 'Chief Risk Officer', 'Fintech Partnerships Lead', 'Compliance Manager'],
    companies: ['Lumen Pay', 'Meridian Bank', 'Lighthouse Insurance', 'Kronos Capital'],
    openers: [
      'I have worked in payments for {years} years, first at a large bank and now at {company}.',
      'I build open banking products that help small businesses understand their cash flow.',
      'I am a lawyer by training and ended up running compliance for a fast-growing fintech.',
      'I lead partnerships at {company}, connecting our platform with banks across Europe.',
    ],
    middles: [
      'We are preparing for instant payments to become the default, which changes a lot for merchants.',
      'My team works on fraud prevention, balancing a smooth checkout with keeping bad actors out.',
      'I spend much of my time translating regulation into product requirements that engineers can work with.',
      'Right now I am focused on expanding into the Nordics and Germany.',
    ],
    closers: [
      'I like meeting people who find regulation as interesting as technology.',
      'Happy to talk about payments, risk or the best lunch spots in {city}.',
      'Always looking for startups that could partner with us.',
      'In my spare time I run and volunteer as a financial literacy mentor.',
    ],
    goals: [
      'Meet banks interested in piloting our open finance product.',
      'Compare notes on fraud prevention with other payment companies.',
      'Looking for an experienced compliance officer to join our team.',
      'Understand how other fintechs are preparing for new EU payment rules.',
      'Find partners for a cross-border payments pilot next year.',
    ],
  },
  {
    category: 'Sustainability',
    titles: ['Head of Sustainability', 'Climate Tech Founder', 'Energy Systems Engineer', 'Circular Economy Consultant', 'ESG Analyst'],
    companies: ['Evergreen Grid', 'Tidewater Energy', 'Loop Materials', 'Verdant Logistics'],
    openers: [
      'I work on the energy transition and have done so for {years} years.',
      'I lead sustainability at {company}, where we are cutting emissions across our supply chain.',
      'I co-founded a climate tech startup after years as an engineer in the wind industry.',
      'I advise companies on circular business models, from product design to take-back schemes.',
    ],
    middles: [
      'My current project is about getting reliable emissions data from hundreds of suppliers.',
      'We are building software that helps grid operators balance batteries, heat pumps and solar.',
      'Most of my work is helping clients turn sustainability goals into plans with numbers attached.',
      'I am especially interested in how logistics can become both greener and cheaper.',
    ],
    closers: [
      'I enjoy meeting people from very different industries who share the same urgency.',
      'Happy to chat about climate data, electric ferries or cold-water swimming.',
      'I am looking for people who want to turn good intentions into measurable results.',
      'Outside work I grow vegetables and repair old bicycles.',
    ],
    goals: [
      'Meet companies that have made progress on scope 3 emissions and learn how they did it.',
      'Find pilot partners for our grid balancing software.',
      'Connect with investors who focus on climate hardware.',
      'Learn from others how they report on sustainability without greenwashing.',
      'Looking for a data engineer who wants to work on climate problems.',
    ],
  },
  {
    category: 'Design',
    titles: ['Senior Product Designer', 'Head of Design', 'UX Researcher', 'Design Systems Lead', 'Service Designer'],
    companies: ['Copperleaf Studio', 'Birch & Oak Digital', 'Nordlys Design', 'Saga Learning'],
    openers: [
      'I have designed digital products for {years} years, mostly in small teams.',
      'I lead the design team at {company} in {city}.',
      'I am a researcher at heart and love spending time with the people who use what we build.',
      'I look after our design system and make sure designers and developers speak the same language.',
    ],
    middles: [
      'Lately I have been working on accessibility and making sure our products work for everyone.',
      'We are rebuilding our component library so that it scales across three product teams.',
      'I run research on a small budget and share what I learn with the whole company.',
      'My current work is about making complex financial information easy to understand.',
    ],
    closers: [
      'I enjoy portfolio reviews and mentoring designers early in their careers.',
      'Happy to talk about design tokens, typography or ceramics.',
      'Always interested in meeting developers who care about the details.',
      'I am looking for good conversations about design leadership.',
    ],
    goals: [
      'Meet other design system teams and compare how we handle contributions.',
      'Looking for a senior product designer to join our team.',
      'Learn how others run research when access to users is hard.',
      'Find a mentor who has grown a design team from a few people to many.',
      'Talk to developers about how our handoff process could be better.',
    ],
  },
  {
    category: 'Marketing',
    titles: ['Head of Growth', 'Marketing Director', 'Content Strategist', 'Brand Manager', 'Lifecycle Marketing Lead'],
    companies: ['Harbor & Pine', 'Fika Collective', 'Bright Harbour Media', 'Solstice Foods'],
    openers: [
      'I have worked in marketing for {years} years, across agencies and in-house teams.',
      'I lead growth at {company}, where I own the number and the experiments behind it.',
      'I write, edit and plan content that helps B2B buyers make decisions.',
      'I started in journalism and moved into brand strategy.',
    ],
    middles: [
      'Right now we are rethinking attribution now that third-party cookies are going away.',
      'My team runs lifecycle e-mail, onboarding and the referral programme.',
      'I am building a brand for a young company on a budget that would make most CMOs smile.',
      'These days I focus on community as a channel and on events that people remember.',
    ],
    closers: [
      'I love meeting people who are as curious about numbers as about stories.',
      'Happy to swap campaign ideas or recommendations for podcasts.',
      'I am always keen to learn from marketers in other industries.',
      'Outside work I play in a brass band and run a small newsletter.',
    ],
    goals: [
      'Meet other growth leads and compare how we measure attribution.',
      'Looking for partners for a joint campaign next quarter.',
      'Learn how B2B companies build a community that lasts.',
      'Find a freelance content designer for a three-month project.',
      'Get ideas for making our onboarding e-mails more useful.',
    ],
  },
  {
    category: 'Leadership',
    titles: ['VP of Engineering', 'Chief People Officer', 'Leadership Coach', 'Managing Director', 'Engineering Manager'],
    companies: ['Granite Security', 'Polaris Logistics', 'Meridian Bank', 'Lakeside Partners'],
    openers: [
      'I have led teams for {years} years, in start-ups and in large organisations.',
      'I coach managers and leadership teams, mostly in technology companies.',
      'I run a business unit of about two hundred people at {company}.',
      'I became a manager by accident and have been learning ever since.',
    ],
    middles: [
      'My focus right now is helping new managers find their feet in a hybrid setup.',
      'We are going through a period of change and I spend a lot of time on communication.',
      'I am building a leadership programme that actually changes behaviour.',
      'Most of my week goes into hiring, coaching and making decisions with incomplete information.',
    ],
    closers: [
      'I enjoy honest conversations about what leadership feels like from the inside.',
      'Happy to talk about feedback, hiring or long-distance skiing.',
      'I am always looking for good books and better questions.',
      'I like meeting people who are one or two steps ahead and learning from them.',
    ],
    goals: [
      'Meet other engineering leaders and talk about growing managers from within.',
      'Find a peer group of executives who meet a few times a year.',
      'Learn how others run performance reviews people do not dread.',
      'Looking for an experienced coach for our leadership team.',
      'Share what we learned from moving to a four-day week.',
    ],
  },
  {
    category: 'Health Tech',
    titles: ['Chief Medical Officer', 'Digital Health Product Manager', 'Clinical Data Scientist', 'MedTech Founder', 'Regulatory Affairs Manager'],
    companies: ['Kestrel Health', 'Vireo Biotech', 'Pulse Nordic', 'CareBridge'],
    openers: [
      'I am a physician who moved into digital health after {years} years in hospital care.',
      'I build products that help patients with chronic conditions manage their care at home.',
      'I work with clinical data at {company}, trying to make it useful without compromising privacy.',
      'I guide health software through medical device regulation.',
    ],
    middles: [
      'We are running a clinical study to show that our remote monitoring service improves outcomes.',
      'My current focus is interoperability, getting our product to talk to hospital systems.',
      'I spend a lot of time with clinicians, making sure what we build fits their day.',
      'Right now I am preparing our product for certification in the EU.',
    ],
    closers: [
      'I enjoy meeting people from both healthcare and technology and helping them understand each other.',
      'Happy to talk about evidence, regulation or marathon training.',
      'Always interested in meeting hospital innovation teams.',
      'I believe good health tech starts with listening to patients.',
    ],
    goals: [
      'Meet hospital innovation leads interested in remote monitoring pilots.',
      'Learn how other companies ran their clinical validation.',
      'Find a regulatory expert who has taken software through certification.',
      'Connect with researchers working on health data standards.',
      'Looking for investors who understand long sales cycles in healthcare.',
    ],
  },
  {
    category: 'Software Engineering',
    titles: ['Staff Software Engineer', 'Platform Engineer', 'Frontend Lead', 'CTO', 'Site Reliability Engineer'],
    companies: ['Cobalt Cloud', 'Northwind Labs', 'Granite Security', 'Fjord Analytics'],
    openers: [
      'I have been writing software for {years} years and still enjoy it every day.',
      'I am the CTO of {company}, a small team with big plans.',
      'I work on the platform team at {company}, making other developers faster.',
      'I build web applications, mostly in TypeScript, with a soft spot for offline-first apps.',
    ],
    middles: [
      'Right now I am working on observability and trying to keep our cloud bill under control.',
      'We are moving from a monolith to a few well-chosen services, carefully.',
      'My current obsession is fast, accessible front ends that work on cheap phones.',
      'I spend a lot of time on incident reviews and making our systems more resilient.',
    ],
    closers: [
      'Happy to talk about testing strategies, open source or mechanical keyboards.',
      'I enjoy mentoring junior developers and giving talks at local meetups.',
      'Always interested in how other teams run on-call without burning out.',
      'Outside work I climb and play chess badly.',
    ],
    goals: [
      'Meet other platform teams and compare how we measure developer experience.',
      'Looking for senior engineers who want to work on hard reliability problems.',
      'Learn how others keep observability costs in check.',
      'Find contributors for an open source library we maintain.',
      'Swap stories about migrating away from a monolith.',
    ],
  },
  {
    category: 'Data & Analytics',
    titles: ['Head of Data', 'Analytics Engineer', 'Data Engineer', 'Business Intelligence Lead', 'Data Product Manager'],
    companies: ['Fjord Analytics', 'Polaris Logistics', 'Lumen Pay', 'Evergreen Grid'],
    openers: [
      'I have built data teams for {years} years, from the first dashboard to a full platform.',
      'I am an analytics engineer at {company} in {city}.',
      'I turn messy data into something decision makers trust.',
      'I moved from economics into data engineering and never left.',
    ],
    middles: [
      'Right now I am introducing data contracts so that upstream changes stop breaking our reports.',
      'My team owns the metrics layer and the definitions everyone argues about.',
      'I am working on streaming pipelines for product analytics.',
      'Most of my time goes into data quality and making sure numbers match across teams.',
    ],
    closers: [
      'I enjoy talking about data modelling, visualisation and good coffee.',
      'Happy to help people who are starting their first data team.',
      'I like meeting people who are sceptical of dashboards, because they ask the best questions.',
      'Outside work I sing in a choir and collect old maps.',
    ],
    goals: [
      'Meet other heads of data and compare team structures.',
      'Learn how others introduced data contracts without slowing teams down.',
      'Looking for an analytics engineer to join us in the spring.',
      'Find people to co-organise a data meetup in our city.',
      'Discuss privacy-preserving analytics with people who have done it.',
    ],
  },
  {
    category: 'Cybersecurity',
    titles: ['Chief Information Security Officer', 'Security Engineer', 'Penetration Tester', 'Security Architect', 'Incident Response Lead'],
    companies: ['Granite Security', 'Sentinel North', 'Meridian Bank', 'Cobalt Cloud'],
    openers: [
      'I have worked in security for {years} years, on both the attacking and defending side.',
      'I lead security at {company}, a company that handles a lot of sensitive data.',
      'I test systems for a living and help teams fix what I find.',
      'I started as a network engineer and moved into security architecture.',
    ],
    middles: [
      'Right now I am preparing our organisation for NIS2.',
      'My current focus is supply-chain security and keeping our dependencies trustworthy.',
      'I run tabletop exercises so that our incident response is practised before we need it.',
      'We are rolling out passkeys across our products and learning a lot along the way.',
    ],
    closers: [
      'Happy to talk about threat modelling, capture the flag games or sailing.',
      'I enjoy making security understandable for people outside the field.',
      'Always up for meeting developers who want to learn more about security.',
      'I mentor students who want to start a career in security.',
    ],
    goals: [
      'Meet other security leaders and compare how we prepare for NIS2.',
      'Looking for a security engineer who enjoys working with developers.',
      'Learn how others run incident exercises with the whole leadership team.',
      'Find partners for a joint security awareness programme.',
      'Swap notes on rolling out passkeys.',
    ],
  },
  {
    category: 'Product Management',
    titles: ['Senior Product Manager', 'Chief Product Officer', 'Product Owner', 'Group Product Manager', 'Product Operations Lead'],
    companies: ['Saga Learning', 'Lumen Pay', 'Kestrel Health', 'Northwind Labs'],
    openers: [
      'I have worked in product for {years} years, in B2B and consumer products.',
      'I lead product at {company} in {city}.',
      'I was a developer before moving into product management.',
      'I help product teams work on outcomes rather than feature lists.',
    ],
    middles: [
      'Right now I am working on pricing and packaging for our new plans.',
      'We are introducing continuous discovery, talking to customers every week.',
      'My team is adding AI features, and I am learning how to manage their uncertainty.',
      'Most of my days go into prioritisation and saying no kindly.',
    ],
    closers: [
      'Happy to talk about roadmaps, discovery or trail running.',
      'I enjoy mentoring people who want to move into product management.',
      'Always interested in how other teams measure success.',
      'Outside work I read a lot of history and cook for friends.',
    ],
    goals: [
      'Meet other product leaders and compare how we run planning.',
      'Learn how others price AI features.',
      'Looking for a product designer who likes working closely with engineering.',
      'Find people to join a monthly product book club.',
      'Get feedback on our new onboarding flow from people outside the company.',
    ],
  },
  {
    category: 'Venture Capital',
    titles: ['Partner', 'Principal', 'Angel Investor', 'Investment Associate', 'Venture Scout'],
    companies: ['Birchwood Capital', 'Northern Star Ventures', 'Kronos Capital', 'Maple Street Partners'],
    openers: [
      'I invest in early-stage software companies and have done so for {years} years.',
      'I am a partner at {company}, focusing on seed rounds in the Nordics.',
      'I am an operator turned angel investor.',
      'I scout for promising teams before they raise their first round.',
    ],
    middles: [
      'Right now I am most interested in climate, fintech and tools for developers.',
      'I spend much of my time with founders before they raise, helping them prepare.',
      'We recently raised a new fund and are actively investing.',
      'I run a small angel syndicate with former founders.',
    ],
    closers: [
      'Happy to give honest feedback on a pitch, even if we will not invest.',
      'I enjoy meeting founders who know their customers very well.',
      'Always interested in meeting other angels to co-invest with.',
      'Outside work I sail and read science fiction.',
    ],
    goals: [
      'Meet founders raising pre-seed or seed rounds in climate or fintech.',
      'Connect with other angels interested in co-investing.',
      'Hear what founders want from investors beyond money.',
      'Find operators who could advise our portfolio companies.',
      'Learn what other funds are seeing in the current market.',
    ],
  },
  {
    category: 'Future of Work',
    titles: ['Head of People', 'HR Business Partner', 'Workplace Strategist', 'Talent Acquisition Lead', 'Organisational Psychologist'],
    companies: ['Lakeside Partners', 'Fika Collective', 'Polaris Logistics', 'Nordlys Design'],
    openers: [
      'I have worked in people and culture for {years} years.',
      'I lead people operations at {company}, a company that went fully hybrid last year.',
      'I am an organisational psychologist who studies how teams work together.',
      'I help companies design workplaces that people actually want to come to.',
    ],
    middles: [
      'Right now I am running a four-day week pilot with two teams.',
      'My focus is onboarding and making sure new colleagues feel at home quickly.',
      'I am working on skills-based hiring to widen the pool of candidates.',
      'Most of my time goes into leadership development and wellbeing.',
    ],
    closers: [
      'Happy to talk about hybrid work, hiring or Nordic crime novels.',
      'I enjoy comparing notes with people leaders from other industries.',
      'Always interested in research on what makes teams work well.',
      'I like meeting managers who want to build healthier teams.',
    ],
    goals: [
      'Meet people leaders who have tried a four-day week.',
      'Learn how others onboard remote employees well.',
      'Looking for partners for a study on hybrid work.',
      'Find a workplace designer for our new office.',
      'Swap notes on skills-based hiring.',
    ],
  },
];

/** Goals that fit any event. */
export const GENERIC_GOALS: readonly string[] = [
  'Meet a few new people from outside my usual circle.',
  'Catch up with old colleagues and hear what they are working on.',
  'Learn something I can try with my team next week.',
  'I am new in town and would love to get to know the local community.',
  'Looking for speakers for a meetup I am organising.',
  'Find people who want to grab lunch and talk shop.',
];
