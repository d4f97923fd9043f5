/**
 * Benchmark: AI event recommendations.
 *
 * Quality, offline: on the generated data set of recommendation-data.ts (hidden interests, noisy
 * registrations), each evaluated member's upcoming registrations are held out; the recommender
 * (server/services/recommendations/, called in process as the API calls it) ranks the events the
 * member could go to, and so do two baselines: popularity (most registrations first) and random
 * order. Reported: hit@3 (a held-out event among the first three: what the block shows) and
 * NDCG@10. Target: the recommender's hit@3 at least 1.5 times the popularity baseline's.
 *
 * Latency: GET /api/ai-recommendations/top-3 (in process, no HTTP) for a member of the 10,000-event
 * set of events-data.ts with a written title and story, 40 registrations and 100 connections, both
 * with the ranking made for the request and with the member's kept ranking read
 * (stored-ranking.ts): p95, target <= 50 ms. On PGlite and, with BENCH_DATABASE_URL, on PostgreSQL.
 */
import { sql } from 'kysely';
import type { OpenDatabase } from '../../server/db/database';
import { rankFor } from '../../server/services/recommendations/recommend';
import { createRandom } from '../../server/db/seed/random';
import { createEventsBenchData } from './events-data';
import { onBothDatabases } from './on-both-databases';
import { createQualityData, QUALITY_SIZES, type EvalMember } from './recommendation-data';
import { heading, machineLoad, ms, runWhenStarted, stats, table, verdict, type Stats, type SummaryRow } from './report';
import { signedInFetch } from './signed-in-app';

const QUALITY_TARGET = 1.5;
const LATENCY_BUDGET_MS = 50;
const RUNS = 100;
const WARM_UP = 10;

interface Scores {
  hitAt3: number;
  ndcgAt10: number;
}

function score(rankings: ReadonlyArray<{ member: EvalMember; ranked: readonly string[] }>): Scores {
  let hits = 0;
  let ndcg = 0;
  for (const { member, ranked } of rankings) {
    if (ranked.slice(0, 3).some((id) => member.heldOut.has(id))) hits++;
    const dcg = ranked.slice(0, 10).reduce((sum, id, i) => sum + (member.heldOut.has(id) ? 1 / Math.log2(i + 2) : 0), 0);
    let ideal = 0;
    for (let i = 0; i < Math.min(10, member.heldOut.size); i++) ideal += 1 / Math.log2(i + 2);
    ndcg += dcg / ideal;
  }
  return { hitAt3: hits / rankings.length, ndcgAt10: ndcg / rankings.length };
}

async function quality(database: OpenDatabase): Promise<SummaryRow[]> {
  const now = new Date();
  const data = await createQualityData(database.db, now);
  await sql`vacuum (analyze)`.execute(database.db);
  console.log(
    `Data set: ${data.counts.events} events (${data.upcoming.length} not passed), ${data.counts.members} members, ` +
      `${data.counts.registrations} registrations, ${data.counts.connections} connections; ${data.evalMembers.length} members ` +
      `evaluated with ${data.counts.heldOut} held-out registrations; generated and inserted in ${(data.ms / 1000).toFixed(1)} s`,
  );

  const attendance = await database.db
    .selectFrom('event_attendees')
    .select(['event_id', sql<number>`count(*)::int`.as('n')])
    .groupBy('event_id')
    .execute();
  const popularity = new Map(attendance.map((row) => [row.event_id, row.n]));
  const registered = new Map<string, Set<string>>();
  for (const row of await database.db.selectFrom('event_attendees').select(['user_id', 'event_id']).execute()) {
    const mine = registered.get(row.user_id) ?? new Set<string>();
    mine.add(row.event_id);
    registered.set(row.user_id, mine);
  }
  const byPopularity = [...data.upcoming].sort((a, b) => (popularity.get(b) ?? 0) - (popularity.get(a) ?? 0) || a.localeCompare(b));
  const rng = createRandom('mingle-recommendation-random-baseline');

  const ours: Array<{ member: EvalMember; ranked: string[] }> = [];
  const popular: typeof ours = [];
  const random: typeof ours = [];
  const oracle = data.evalMembers.map((member) => ({ member, ranked: member.oracle }));
  const started = performance.now();
  for (const member of data.evalMembers) {
    const ranking = await rankFor(database.db, member.id, now);
    ours.push({ member, ranked: ranking.picks.map((pick) => pick.id) });
    const open = (ids: readonly string[]) => ids.filter((id) => !registered.get(member.id)?.has(id));
    popular.push({ member, ranked: open(byPopularity).slice(0, 10) });
    random.push({ member, ranked: rng.sample(open(data.upcoming), 10) });
  }
  const perMember = (performance.now() - started) / data.evalMembers.length;

  const rows = [
    ['our recommender', score(ours)],
    ['popularity baseline', score(popular)],
    ['random baseline', score(random)],
    ["the generator's own weights (ceiling)", score(oracle)],
  ] as const;
  console.log(
    table(
      ['ranking', 'hit@3', 'NDCG@10'],
      rows.map(([label, s]) => [label, s.hitAt3.toFixed(3), s.ndcgAt10.toFixed(3)]),
    ),
  );
  const ratio = rows[0][1].hitAt3 / rows[1][1].hitAt3;
  console.log(`hit@3 against popularity: ${ratio.toFixed(2)}x (target >= ${QUALITY_TARGET}x); ${ms(perMember)} ms per member ranked`);
  return [
    {
      label: `Recommendations hit@3 (${data.evalMembers.length} held-out members)`,
      figure: `${rows[0][1].hitAt3.toFixed(3)}, ${ratio.toFixed(2)}x popularity (${rows[1][1].hitAt3.toFixed(3)}), random ${rows[2][1].hitAt3.toFixed(3)}`,
      budget: `>= ${QUALITY_TARGET}x popularity`,
      verdict: verdict(ratio >= QUALITY_TARGET),
    },
    {
      label: 'Recommendations NDCG@10',
      figure: `${rows[0][1].ndcgAt10.toFixed(3)} (popularity ${rows[1][1].ndcgAt10.toFixed(3)}, random ${rows[2][1].ndcgAt10.toFixed(3)})`,
      budget: '',
      verdict: '',
    },
  ];
}

async function latency(backend: string, database: OpenDatabase): Promise<SummaryRow[]> {
  const now = new Date();
  const data = await createEventsBenchData(database.db, now);
  await database.db
    .updateTable('users')
    .set({
      role: 'Data Engineer',
      story: 'I build data platforms and machine learning pipelines for fintech and climate startups. Looking for cloud and security people.',
    })
    .where('id', '=', data.benchMemberId)
    .execute();
  await database.db.insertInto('consents').values({ user_id: data.benchMemberId, type: 'ai_recommendations', ai_enabled: true, created_at: now }).execute();
  await sql`vacuum (analyze)`.execute(database.db);
  const fetch = await signedInFetch(database, data.benchMemberId, now);
  const forget = () => database.db.deleteFrom('recommendation_rankings').where('user_id', '=', data.benchMemberId).execute();
  // Cold: the ranking is made (nothing kept, as on a member's first visit or five minutes later);
  // warm: the kept ranking is read (the events list again, batch 2), the picks checked afresh.
  const measured: Array<{ label: string; s: Stats }> = [];
  let picks = 0;
  for (const cold of [true, false]) {
    const samples: number[] = [];
    for (let i = 0; i < WARM_UP + RUNS; i++) {
      if (cold) await forget();
      const started = performance.now();
      const res = await fetch('/api/ai-recommendations/top-3');
      const body = (await res.json()) as { recommendations: unknown[] };
      if (res.status !== 200) throw new Error(`top-3: ${res.status} ${JSON.stringify(body)}`);
      if (i >= WARM_UP) samples.push(performance.now() - started);
      picks = body.recommendations.length;
    }
    measured.push({ label: cold ? 'top-3, ranking made' : 'top-3, kept ranking', s: stats(samples) });
  }
  console.log(
    `\n${backend}: GET ai-recommendations/top-3 on ${data.counts.events} events (${picks} picks), ${RUNS} runs each after ${WARM_UP} warm-up; ${machineLoad()}`,
  );
  console.log(
    table(
      ['request', 'mean', 'p50', 'p95', 'p99', 'max', 'budget p95'],
      measured.map(({ label, s }) => [label, ms(s.mean), ms(s.p50), ms(s.p95), ms(s.p99), ms(s.max), `${LATENCY_BUDGET_MS}`]),
    ),
  );
  return measured.map(({ label, s }) => ({
    label: `Recommendations ${label}, ${backend}`,
    figure: `p95 ${ms(s.p95)} ms (p50 ${ms(s.p50)})`,
    budget: `<= ${LATENCY_BUDGET_MS} ms`,
    verdict: verdict(s.p95 <= LATENCY_BUDGET_MS),
  }));
}

export async function runRecommendationQuality(): Promise<SummaryRow[]> {
  console.log(heading('AI recommendations: offline quality (hit@3, NDCG@10 against baselines) and top-3 latency'));
  console.log(`Targets: hit@3 >= ${QUALITY_TARGET}x the popularity baseline; top-3 p95 <= ${LATENCY_BUDGET_MS} ms on the 10,000-event set.`);
  const summary = await onBothDatabases('Recommendation quality', 'mingle_bench_quality', async (backend, database) => {
    console.log(`\n${backend}, quality (${QUALITY_SIZES.evalMembers} members at most):`);
    return quality(database);
  });
  summary.push(...(await onBothDatabases('Recommendations top-3', 'mingle_bench_recommend', latency)));
  return summary;
}

runWhenStarted(import.meta.url, runRecommendationQuality);
