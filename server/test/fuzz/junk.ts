import fc from 'fast-check';

const KB64 = 64 * 1024;

/**
 * Strings that have broken servers before: control characters, lone surrogates, right-to-left
 * overrides, emoji sequences, 64 KB and longer texts, SQL and script, the content check's
 * worst cases, numbers and words a loose parser might take for other types.
 */
const NASTY_STRINGS = [
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  '\u0000'.repeat(1000),
  '\u0007\u001b[31m\u007f\u0085',
  '\r\n\t',
  '\uD800',
  'x\uDFFFy',
  '\uDBFF\uD800',
  '\u202Eevil.exe\u202C',
  'مرحبا بالعالم',
  '👩‍💻🏳️‍🌈🎉',
  '😀'.repeat(16 * 1024),
  '\u200B\u200D\uFEFF',
  'x'.repeat(KB64),
  'é'.repeat(KB64 / 2),
  ' '.repeat(70_000),
  `select ${' '.repeat(6000)}x`,
  `select ${'select '.repeat(3000)}`,
  `${'-'.repeat(5000)}x`,
  `function${' '.repeat(6000)}x`,
  "'; drop table users; --",
  '<script>alert(1)</script>',
  '%00',
  '%ZZ',
  '../../etc/passwd',
  '${7*7}{{7*7}}',
  'null',
  'undefined',
  'true',
  '-1',
  '0',
  '1e309',
  'NaN',
  '9'.repeat(400),
  '00000000-0000-0000-0000-000000000000',
];

/**
 * URLs of places inside the server's network, in the spellings URL parsing and resolvers accept:
 * cloud metadata, private and loopback hosts, IPv4 inside IPv6, numeric forms of 127.0.0.1. A field
 * whose URL the server later requests must refuse every one.
 */
export const INSIDE_URLS = [
  'http://169.254.169.254/latest/meta-data/',
  'https://169.254.169.254/latest/meta-data/',
  'https://10.0.0.1:8443/admin',
  'http://[::1]:18592/x',
  'http://localhost:8080/api/oauth/logout',
  'https://localhost/api/oauth/logout',
  'https://127.0.0.1/',
  'https://[::ffff:127.0.0.1]/',
  'https://[::ffff:a9fe:a9fe]/latest/meta-data/',
  'https://[::7f00:1]/',
  'https://[64:ff9b::a00:1]/',
  'https://[2002:c0a8:101::1]/',
  'https://[fd00::1]/',
  'https://[fe80::1]/',
  'https://[::]/',
  'https://2130706433/',
  'https://0x7f.1/',
  'https://0177.0.0.1/',
  'https://100.64.0.1/',
  'https://172.16.0.1/',
  'https://192.168.1.1/',
  'https://0.0.0.0/',
  'https://224.0.0.1/',
  'https://255.255.255.255/',
];

export const insideUrl: fc.Arbitrary<string> = fc
  .tuple(fc.constantFrom(...INSIDE_URLS), fc.constantFrom('', 'push/x', '?a=1'))
  .map(([url, rest]) => url + rest);

/** C0 and C1 controls and DEL: PostgreSQL cannot store U+0000, and none of them is typed on purpose. */
export const CONTROL_CHARACTERS = ['\u0000', '\u0001', '\u0008', '\u000B', '\u000C', '\u001B', '\u001F', '\u007F', '\u0085', '\u009F'];

const withControlCharacter: fc.Arbitrary<string> = fc
  .tuple(fc.string({ maxLength: 12 }), fc.constantFrom(...CONTROL_CHARACTERS), fc.string({ maxLength: 12 }))
  .map((parts) => parts.join(''));

export const nastyString: fc.Arbitrary<string> = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...NASTY_STRINGS) },
  { weight: 2, arbitrary: withControlCharacter },
  { weight: 2, arbitrary: fc.string({ maxLength: 40 }) },
  { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
  { weight: 1, arbitrary: fc.string({ unit: 'grapheme', maxLength: 40 }) },
  { weight: 1, arbitrary: fc.string({ unit: 'binary', minLength: 600, maxLength: 2000 }) },
);

/** Any JSON value of the wrong shape: wrong types, arrays for objects, nesting, nasty strings. */
export const junkValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 4, arbitrary: nastyString },
  { weight: 1, arbitrary: fc.integer() },
  { weight: 1, arbitrary: fc.constantFrom(-1, 0, 1.5, 2 ** 53, -(2 ** 31), 1e308) },
  { weight: 1, arbitrary: fc.boolean() },
  { weight: 1, arbitrary: fc.constant(null) },
  { weight: 1, arbitrary: fc.constantFrom([], {}, [null], [{}], { '': '' }, { __proto__: { a: 1 } }) },
  { weight: 2, arbitrary: fc.jsonValue({ maxDepth: 3 }) },
  { weight: 1, arbitrary: fc.array(nastyString, { maxLength: 5 }) },
  { weight: 1, arbitrary: fc.dictionary(nastyString, nastyString, { maxKeys: 4 }) },
);

/** Bodies that are not JSON at all, or not what a JSON parser should accept. */
export const invalidJson: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(
    '',
    '{',
    '{"a":',
    '[',
    'nul',
    "{'a':1}",
    '{"a":1,}',
    '{}garbage',
    '\uFEFF{}',
    'NaN',
    '"\\ud800"',
    '{"a":"\\u0000"}',
    '{"__proto__":{"polluted":true}}',
    '['.repeat(10_000) + ']'.repeat(10_000),
    '{"a":'.repeat(5_000) + '1' + '}'.repeat(5_000),
    '\u0000\u0001\u0002',
  ),
  fc.string({ unit: 'binary', maxLength: 100 }),
);

/** Content types a request might claim, right or wrong for its body. */
export const contentType: fc.Arbitrary<string | undefined> = fc.constantFrom(
  undefined,
  'application/json',
  'application/json; charset=utf-16',
  'application/vnd.api+json',
  'text/plain',
  'text/html',
  'multipart/form-data',
  'multipart/form-data; boundary=fuzz',
  'application/x-www-form-urlencoded',
  'application/octet-stream',
  'application/json\u00e9',
  ';;;',
);

const UUID_LIKE = [
  '00000000-0000-0000-0000-000000000000',
  'ffffffff-ffff-ffff-ffff-ffffffffffff',
  '123e4567-e89b-12d3-a456-42661417400',
  '123e4567-e89b-12d3-a456-4266141740000',
  '{123e4567-e89b-12d3-a456-426614174000}',
  'g23e4567-e89b-12d3-a456-426614174000',
];

/** Path segments that are not the id of anything, as they would appear in a URL. */
export const junkSegment: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(
    'abc',
    '0',
    '-1',
    '1.5',
    'null',
    'undefined',
    'me',
    '%00',
    '%ZZ',
    '%E0%A4%A',
    '%C0%AF',
    '%ED%A0%80',
    '%2e%2e',
    '%2F',
    '%20',
    '%F0%9F%98%80',
    '..',
    "'%20OR%201=1",
    'a'.repeat(5_000),
    ...UUID_LIKE,
  ),
  nastyString.filter((s) => s.length > 0 && s.length < 3000).map((s) => encodeURIComponent(s.replace(/[\uD800-\uDFFF]/g, 'x'))),
);

/** Query values out of range or of the wrong kind, ready for a URL. */
export const junkQueryValue: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(
    '',
    '-1',
    '0',
    '51',
    '101',
    '501',
    '99999999',
    '1e3',
    '1.5',
    '+5',
    ' 10',
    '0x10',
    '%00',
    '%ZZ',
    '%ED%A0%80',
    'true,false',
    ',,,',
    ...UUID_LIKE,
  ),
  nastyString.filter((s) => s.length < 3000).map((s) => encodeURIComponent(s.replace(/[\uD800-\uDFFF]/g, 'x'))),
);

/**
 * A text the route would accept, made wrong in one way: a control character inside, a lone
 * surrogate or direction override added, or grown past any field limit (under and over the body limit).
 */
export function spoiledText(text: string): fc.Arbitrary<string> {
  const grown = (length: number) => text.padEnd(length, text || 'x');
  return fc.oneof(
    {
      weight: 3,
      arbitrary: fc.tuple(fc.nat({ max: text.length }), fc.constantFrom(...CONTROL_CHARACTERS)).map(([at, c]) => text.slice(0, at) + c + text.slice(at)),
    },
    { weight: 1, arbitrary: fc.constantFrom('\uD800', '\uDC00x', '\u202E', '\u200F', '👩‍💻', '\uFEFF').map((extra) => text + extra) },
    { weight: 1, arbitrary: fc.constantFrom(grown(1000), grown(60_000), grown(KB64 + 1)) },
  );
}
