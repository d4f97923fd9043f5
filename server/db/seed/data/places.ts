/** Cities in the 16 suggested countries of docs/product.md section 9, with the region they belong to. */
export interface SeedCountry {
  code: string;
  name: string;
  /** Calling code plus the mobile prefix, for demo phone numbers. */
  phonePrefix: string;
  /** Random digits after the prefix; 0 for North America, which uses the fictional 555-01xx range. */
  phoneDigits: number;
  cities: readonly (readonly [name: string, region: string])[];
}

export const COUNTRIES: readonly SeedCountry[] = [
  {
    code: 'SE', name: 'Sweden', phonePrefix: '+467', phoneDigits: 8,
    cities: [['Stockholm', 'Stockholm County'], ['Gothenburg', 'Västra Götaland'], ['Malmö', 'Skåne'], ['Uppsala', 'Uppsala County'], ['Umeå', 'Västerbotten']],
  },
  {
    code: 'NO', name: 'Norway', phonePrefix: '+479', phoneDigits: 7,
    cities: [['Oslo', 'Oslo'], ['Bergen', 'Vestland'], ['Trondheim', 'Trøndelag'], ['Stavanger', 'Rogaland']],
  },
  {
    code: 'DK', name: 'Denmark', phonePrefix: '+452', phoneDigits: 7,
    cities: [['Copenhagen', 'Capital Region'], ['Aarhus', 'Central Denmark'], ['Odense', 'Southern Denmark'], ['Aalborg', 'North Denmark']],
  },
  {
    code: 'FI', name: 'Finland', phonePrefix: '+35840', phoneDigits: 7,
    cities: [['Helsinki', 'Uusimaa'], ['Espoo', 'Uusimaa'], ['Tampere', 'Pirkanmaa'], ['Turku', 'Southwest Finland'], ['Oulu', 'North Ostrobothnia']],
  },
  {
    code: 'IS', name: 'Iceland', phonePrefix: '+3546', phoneDigits: 6,
    cities: [['Reykjavík', 'Capital Region'], ['Akureyri', 'Northeastern Region'], ['Kópavogur', 'Capital Region']],
  },
  {
    code: 'DE', name: 'Germany', phonePrefix: '+4915', phoneDigits: 9,
    cities: [['Berlin', 'Berlin'], ['Munich', 'Bavaria'], ['Hamburg', 'Hamburg'], ['Frankfurt', 'Hesse'], ['Cologne', 'North Rhine-Westphalia']],
  },
  {
    code: 'FR', name: 'France', phonePrefix: '+336', phoneDigits: 8,
    cities: [['Paris', 'Île-de-France'], ['Lyon', 'Auvergne-Rhône-Alpes'], ['Marseille', "Provence-Alpes-Côte d'Azur"], ['Toulouse', 'Occitanie'], ['Bordeaux', 'Nouvelle-Aquitaine']],
  },
  {
    code: 'GB', name: 'United Kingdom', phonePrefix: '+447', phoneDigits: 9,
    cities: [['London', 'England'], ['Manchester', 'England'], ['Edinburgh', 'Scotland'], ['Bristol', 'England'], ['Cardiff', 'Wales']],
  },
  {
    code: 'IT', name: 'Italy', phonePrefix: '+393', phoneDigits: 9,
    cities: [['Milan', 'Lombardy'], ['Rome', 'Lazio'], ['Turin', 'Piedmont'], ['Bologna', 'Emilia-Romagna']],
  },
  {
    code: 'ES', name: 'Spain', phonePrefix: '+346', phoneDigits: 8,
    cities: [['Madrid', 'Community of Madrid'], ['Barcelona', 'Catalonia'], ['Valencia', 'Valencian Community'], ['Seville', 'Andalusia'], ['Bilbao', 'Basque Country']],
  },
  {
    code: 'NL', name: 'Netherlands', phonePrefix: '+316', phoneDigits: 8,
    cities: [['Amsterdam', 'North Holland'], ['Rotterdam', 'South Holland'], ['Utrecht', 'Utrecht'], ['Eindhoven', 'North Brabant']],
  },
  {
    code: 'BE', name: 'Belgium', phonePrefix: '+324', phoneDigits: 8,
    cities: [['Brussels', 'Brussels-Capital Region'], ['Antwerp', 'Flanders'], ['Ghent', 'Flanders'], ['Liège', 'Wallonia']],
  },
  {
    code: 'CH', name: 'Switzerland', phonePrefix: '+417', phoneDigits: 8,
    cities: [['Zurich', 'Zurich'], ['Geneva', 'Geneva'], ['Basel', 'Basel-Stadt'], ['Lausanne', 'Vaud']],
  },
  {
    code: 'AT', name: 'Austria', phonePrefix: '+43664', phoneDigits: 7,
    cities: [['Vienna', 'Vienna'], ['Graz', 'Styria'], ['Linz', 'Upper Austria'], ['Salzburg', 'Salzburg']],
  },
  {
    code: 'US', name: 'United States', phonePrefix: '+1', phoneDigits: 0,
    cities: [['New York', 'New York'], ['San Francisco', 'California'], ['Austin', 'Texas'], ['Boston', 'Massachusetts'], ['Seattle', 'Washington']],
  },
  {
    code: 'CA', name: 'Canada', phonePrefix: '+1', phoneDigits: 0,
    cities: [['Toronto', 'Ontario'], ['Vancouver', 'British Columbia'], ['Montreal', 'Quebec'], ['Calgary', 'Alberta']],
  },
];

/** How often events happen in each country (the product started in the Nordics). */
export const EVENT_COUNTRY_WEIGHTS: Readonly<Record<string, number>> = {
  SE: 14, NO: 6, DK: 7, FI: 6, IS: 2, DE: 8, FR: 5, GB: 7, IT: 3, ES: 3, NL: 5, BE: 2, CH: 3, AT: 2, US: 5, CA: 3,
};

/** Venue names; {city} is replaced. */
export const VENUES: readonly string[] = [
  '{city} Congress Centre',
  'Innovation House, {city}',
  'The Engine Room, {city}',
  'Harbour Hall, {city}',
  'City Library Auditorium, {city}',
  '{city} Tech Hub',
  'The Old Printworks, {city}',
  'Riverside Pavilion, {city}',
  'Startup Campus, {city}',
  'University Main Hall, {city}',
  'Grand Hotel Ballroom, {city}',
  'Foundry Coworking, {city}',
];
