import fc from 'fast-check';
import { fillPath, routeKey, type AppRoute } from '../helpers/app-routes';
import { contentType, insideUrl, invalidJson, junkQueryValue, junkSegment, junkValue, nastyString, spoiledText } from './junk';
import { VALID_BODIES, VALID_QUERIES, type ValidBody } from './valid-requests';
import { idKindOf, type FuzzWorld } from './world';

export type FuzzBody =
  | { type: 'none' }
  | { type: 'text'; text: string }
  | { type: 'form'; encoding: 'multipart' | 'urlencoded'; fields: Array<[string, string]>; withFile: boolean };

/** One generated request and what its answer must satisfy. */
export interface FuzzCase {
  route: string;
  actor: 'member' | 'anonymous';
  method: string;
  url: string;
  headers: Record<string, string>;
  body: FuzzBody;
  /**
   * Set when exactly one field of a valid body or query was spoiled: a 400 must name it. mustRefuse:
   * the spoil must never be taken, and why: a URL inside the network (refused with a 400), or a
   * line break in a one-line field (refused, or the request refused before its body is read).
   */
  blame?: { field: string; refusals: string[]; mustRefuse?: { why: string; only400: boolean } };
}

/**
 * Names of the one-line fields wherever they stand (names, headline, places, titles): a line break
 * in one must be refused, so a new route whose schema forgets it fails here.
 */
const ONE_LINE_FIELDS = new Set(['firstName', 'lastName', 'role', 'location', 'name', 'title', 'company', 'region']);

/** A field no route knows, for the 'extra field' cases. */
const EXTRA_FIELD = 'fuzzExtra';
const QUERY_NAMES = ['page', 'limit', 'search', 'secret', 'cursor', 'includeAttendeeConnections', 'nonPassed', 'categories', 'query', 'country', 'isCustom'];

const isText = (value: unknown): value is string => typeof value === 'string';
const urlSafe = (text: string) => encodeURIComponent(text.replace(/[\uD800-\uDFFF]/g, '\uFFFD'));
const asFormValue = (value: unknown) => (typeof value === 'string' ? value : (JSON.stringify(value) ?? ''));

/** A case in one short line: some hold 64 KB strings. */
export function describeCase(c: FuzzCase): string {
  const short = (text: string) => (text.length > 120 ? `${text.slice(0, 120)}...(${text.length} chars)` : text);
  const body =
    c.body.type === 'text' ? short(JSON.stringify(c.body.text)) : c.body.type === 'form' ? `${c.body.encoding} ${short(JSON.stringify(c.body.fields))}` : '';
  return `${c.actor} ${c.method} ${short(c.url)} ${JSON.stringify(c.headers)} ${body}${c.blame ? ` [one bad field: ${c.blame.field}]` : ''}`;
}

/** fast-check shows a failing case with this. */
const printable = (c: FuzzCase): FuzzCase => Object.assign(c, { [fc.toStringMethod]: () => describeCase(c) });

function pathOf(route: AppRoute, w: FuzzWorld, validIds: boolean): fc.Arbitrary<string> {
  const params = [...route.path.matchAll(/:(\w+)/g)].map((match) => match[1]!);
  const everyId = Object.values(w.ids).flat();
  const segment = (param: string): fc.Arbitrary<string> => {
    const ids = w.ids[idKindOf(route.path, param)];
    if (validIds) return fc.constant(ids[0]!);
    return fc.oneof(
      { weight: 3, arbitrary: fc.constantFrom(...ids) },
      { weight: 1, arbitrary: fc.constantFrom(...everyId).map((id) => id.toUpperCase()) },
      { weight: 3, arbitrary: junkSegment },
    );
  };
  return fc.tuple(...params.map(segment)).map((values) => {
    let next = 0;
    return fillPath(route.path, () => values[next++]!);
  });
}

const queryString = (pairs: Array<[string, string]>) => (pairs.length === 0 ? '' : `?${pairs.map(([k, v]) => `${k}=${v}`).join('&')}`);

const junkQuery: fc.Arbitrary<string> = fc
  .array(fc.tuple(fc.oneof(fc.constantFrom(...QUERY_NAMES), nastyString.filter((s) => s.length < 100).map(urlSafe)), junkQueryValue), { maxLength: 4 })
  .map(queryString);

const headerValue = nastyString.filter((s) => /^[\x20-\x7e]{0,200}$/.test(s));
/** Mostly absent: a foreign Origin is refused before anything else runs. */
const sometimes = <T>(arbitrary: fc.Arbitrary<T>, weight: number) => fc.oneof({ weight: 10 - weight, arbitrary: fc.constant(null) }, { weight, arbitrary });

const junkHeaders: fc.Arbitrary<Record<string, string>> = fc
  .record({
    idempotencyKey: sometimes(fc.oneof(fc.uuid(), headerValue), 3),
    origin: sometimes(fc.constantFrom('http://localhost', 'https://evil.example', 'null', 'garbage'), 1),
  })
  .map(({ idempotencyKey, origin }) => ({
    ...(idempotencyKey === null ? {} : { 'idempotency-key': idempotencyKey }),
    ...(origin === null ? {} : { origin }),
  }));

const formBody: fc.Arbitrary<FuzzBody> = fc.record({
  type: fc.constant('form' as const),
  encoding: fc.constantFrom('multipart' as const, 'urlencoded' as const),
  fields: fc.array(fc.tuple(fc.oneof(fc.constantFrom('firstName', 'story', 'phone', 'goal', 'email'), nastyString), nastyString), { maxLength: 4 }),
  withFile: fc.boolean(),
});

/** Any body with any content type, lying or not. */
const junkBody: fc.Arbitrary<{ body: FuzzBody; type: string | undefined }> = fc.oneof(
  fc.record({ body: fc.constant<FuzzBody>({ type: 'none' }), type: contentType }),
  junkValue.map((value) => ({ body: { type: 'text', text: JSON.stringify(value) ?? 'null' } as FuzzBody, type: 'application/json' })),
  fc.record({ body: invalidJson.map((text): FuzzBody => ({ type: 'text', text })), type: contentType }),
  fc.record({ body: junkValue.map((value): FuzzBody => ({ type: 'text', text: JSON.stringify(value) ?? '' })), type: contentType }),
  formBody.map((body) => ({ body, type: undefined })),
  fc.record({ body: formBody, type: contentType }),
);

/** Anything at all sent to the route, by the member or anonymously. */
function malformed(route: AppRoute, w: FuzzWorld): fc.Arbitrary<FuzzCase> {
  const canHaveBody = route.method !== 'GET' && route.method !== 'HEAD';
  return fc
    .record({
      actor: fc.constantFrom('member' as const, 'member' as const, 'member' as const, 'anonymous' as const),
      path: pathOf(route, w, false),
      query: fc.option(junkQuery, { freq: 2 }),
      headers: junkHeaders,
      payload: canHaveBody ? junkBody : fc.record({ body: fc.constant<FuzzBody>({ type: 'none' }), type: contentType }),
    })
    .map(({ actor, path, query, headers, payload }) =>
      printable({
        route: routeKey(route),
        actor,
        method: route.method,
        url: path + (query ?? ''),
        headers: { ...headers, ...(payload.type === undefined ? {} : { 'content-type': payload.type }) },
        body: payload.body,
      }),
    );
}

/** A valid body with one field given a wrong value, removed, or added. */
function spoiledBody(route: AppRoute, w: FuzzWorld, valid: (w: FuzzWorld) => ValidBody): fc.Arbitrary<FuzzCase> {
  const sample = valid(w);
  return fc
    .record({
      path: pathOf(route, w, true),
      spoiled: fc.constantFrom(...Object.keys(sample.body), EXTRA_FIELD).chain((field) => {
        const text = sample.body[field];
        const spoil = spoilOf(isText(text) ? spoiledText(text) : undefined, junkValue).map((spoil) => ({
          spoil,
          mustRefuse: undefined as { why: string; only400: boolean } | undefined,
        }));
        const musts = [];
        if (sample.requested?.includes(field))
          musts.push(insideUrl.map((value) => ({ spoil: { value }, mustRefuse: { why: 'an address inside the network', only400: true } })));
        if (isText(text) && text.length > 1 && ONE_LINE_FIELDS.has(field) && !sample.ignored?.includes(field)) {
          const broken = fc.constantFrom('\n', '\r\n', '\r', '\u2028').map((brk) => `${text.slice(0, 1)}${brk}${text.slice(1)}`);
          musts.push(broken.map((value) => ({ spoil: { value }, mustRefuse: { why: 'a line break in a one-line field', only400: false } })));
        }
        return fc.record({ field: fc.constant(field), spoiled: musts.length > 0 ? fc.oneof(spoil, ...musts) : spoil });
      }),
      encoding: sample.form ? fc.constantFrom('json' as const, 'multipart' as const, 'urlencoded' as const) : fc.constant('json' as const),
    })
    .map(
      ({
        path,
        spoiled: {
          field,
          spoiled: { spoil, mustRefuse },
        },
        encoding,
      }) => {
        const fresh = valid(w);
        const fields: Record<string, unknown> = { ...fresh.body };
        if (spoil === null) delete fields[field];
        else fields[field] = spoil.value;
        const body: FuzzBody =
          encoding === 'json'
            ? { type: 'text', text: JSON.stringify(fields) }
            : { type: 'form', encoding, fields: Object.entries(fields).map(([k, v]) => [k, asFormValue(v)]), withFile: false };
        return printable({
          route: routeKey(route),
          actor: 'member',
          method: route.method,
          url: path,
          headers: encoding === 'json' ? { 'content-type': 'application/json' } : {},
          body,
          blame: { field, refusals: fresh.refusals ?? [], ...(mustRefuse ? { mustRefuse } : {}) },
        });
      },
    );
}

/** A wrong value for a field (null: leave it out); a text field's valid value is often the start. */
function spoilOf<T>(fromValid: fc.Arbitrary<string> | undefined, junk: fc.Arbitrary<T>): fc.Arbitrary<{ value: T | string } | null> {
  return fc.oneof(
    { weight: 4, arbitrary: junk.map((value) => ({ value })) },
    ...(fromValid ? [{ weight: 4, arbitrary: fromValid.map((value) => ({ value })) }] : []),
    { weight: 1, arbitrary: fc.constant(null) },
  );
}

/** A valid query with one parameter out of range, of the wrong kind, missing or given twice. */
function spoiledQuery(route: AppRoute, w: FuzzWorld, valid: (w: FuzzWorld) => Record<string, string>): fc.Arbitrary<FuzzCase> {
  const params = valid(w);
  return fc
    .record({
      path: pathOf(route, w, true),
      spoiled: fc
        .constantFrom(...Object.keys(params))
        .chain((param) =>
          fc.record({ param: fc.constant(param), spoil: spoilOf(spoiledText(params[param]!).map(urlSafe), junkQueryValue), twice: fc.boolean() }),
        ),
    })
    .map(({ path, spoiled: { param, spoil, twice } }) => {
      const value = spoil && spoil.value;
      const pairs: Array<[string, string]> = Object.entries(params)
        .filter(([name]) => name !== param || (spoil !== null && twice))
        .map(([name, v]) => [name, encodeURIComponent(v)]);
      if (value !== null) pairs.push([param, value]);
      return printable({
        route: routeKey(route),
        actor: 'member',
        method: route.method,
        url: path + queryString(pairs),
        headers: {},
        body: { type: 'none' },
        blame: { field: param, refusals: [] },
      });
    });
}

/** The cases of every route: junk, and where the route has a valid body or query, one field spoiled. */
export function fuzzCases(routes: AppRoute[], w: FuzzWorld): fc.Arbitrary<FuzzCase> {
  return fc.oneof(
    ...routes.map((route) => {
      const key = routeKey(route);
      const options = [malformed(route, w)];
      const body = VALID_BODIES[key];
      if (body && body(w) !== 'none') options.push(spoiledBody(route, w, body as (w: FuzzWorld) => ValidBody));
      const query = VALID_QUERIES[key];
      if (query) options.push(spoiledQuery(route, w, query));
      return fc.oneof(...options);
    }),
  );
}
