import { afterAll, beforeAll, expect, it } from 'vitest';
import { apiRoutes, fillPath, routeKey } from './test/helpers/app-routes';
import { keepSignedIn } from './test/helpers/session-restore';
import { createTestContext, type TestContext } from './test/helpers/test-app';
import { leaksIn } from './test/authorization/leaks';
import { seesMember } from './test/authorization/member-rule';
import { MATRIX_ROWS, type MatrixRow } from './test/authorization/rows';
import { ACTORS, buildMatrixWorld, type MatrixWorld } from './test/authorization/world';

/**
 * The authorization matrix (docs/decisions.md, 'Tests'): every route the app registers, as each
 * kind of actor, with the status each must get and nothing in any answer that the actor may not
 * see (test/authorization/leaks.ts). A route without a row in test/authorization/rows.ts fails
 * this test, naming it.
 */

let t: TestContext;
let w: MatrixWorld;

beforeAll(async () => {
  // Push endpoints at push.example (rows.ts): the browsers' push services cannot be resolved here.
  // A stream ends at once (STREAM_MAX_MS), so its row gets the whole answer.
  t = await createTestContext({ PUSH_ALLOWED_ORIGINS: 'https://push.example', STREAM_MAX_MS: '1' });
  w = await buildMatrixWorld(t);
});
afterAll(() => t.close());

const rowName = (row: MatrixRow) => `${row.route}${row.target ? ` (${row.target})` : ''}`;

it('has a row for every route the app registers', () => {
  const covered = new Set(MATRIX_ROWS.map((row) => row.route));
  const keys = apiRoutes(t.app).map(routeKey);
  expect(
    keys.filter((key) => !covered.has(key)),
    'add rows for these routes to server/test/authorization/rows.ts',
  ).toEqual([]);
  expect(
    [...covered].filter((key) => !keys.includes(key)),
    'rows for routes the app does not have',
  ).toEqual([]);
});

it('answers every actor on every route with its status, and shows nothing it may not see', { timeout: 120_000 }, async () => {
  const failures: string[] = [];
  const grid: string[][] = [];
  for (const row of MATRIX_ROWS) {
    const [method, pattern] = row.route.split(' ') as [string, string];
    const params = row.params?.(w) ?? {};
    const path =
      fillPath(pattern, (param) => encodeURIComponent(params[param] ?? `missing-${param}`)) +
      (row.query ? `?${typeof row.query === 'function' ? row.query(w) : row.query}` : '');
    const cells: string[] = [];
    for (const actor of ACTORS) {
      const body = row.body?.(w);
      const expected = row.about && actor !== 'anonymous' ? ((await seesMember(w, actor, row.about.member(w))) ? row.about.seen : 404) : row.expect[actor];
      const res = await w.clients[actor].request(method, path, body === undefined ? {} : { json: body });
      const problems = [
        ...(res.status === expected ? [] : [`answered ${res.status}, expected ${expected}: ${res.text.slice(0, 120)}`]),
        ...(await leaksIn(w, actor, res, row.publishesJoinLinkOf)),
        ...[row.check?.(w, actor, res)].filter((problem): problem is string => problem !== undefined),
      ];
      failures.push(...problems.map((problem) => `${rowName(row)} as ${actor}: ${problem}`));
      cells.push(`${res.status}${problems.length > 0 ? '!' : ''}`);
      if (actor !== 'anonymous') await keepSignedIn(t, w.members[actor]);
    }
    grid.push([rowName(row), ...cells]);
  }
  const width = Math.max(...grid.map(([name]) => name!.length));
  const lines = grid.map(([name, ...cells]) => `${name!.padEnd(width)}  ${cells.map((cell) => cell.padStart(11)).join('')}`);
  console.log(
    `Authorization matrix: ${grid.length} rows x ${ACTORS.length} actors = ${grid.length * ACTORS.length} cells (! marks a failed cell)\n` +
      `${' '.repeat(width)}  ${ACTORS.map((actor) => actor.padStart(11)).join('')}\n${lines.join('\n')}`,
  );
  expect(failures).toEqual([]);
});
