import type { Corpus, RankPerson } from './deck-ranking';

/**
 * The corpus of each event, kept while its version (migration 0014: a counter the database changes
 * with every change of the event's attendees or their profiles) is the same. A new version is
 * built from the one before (the loader reads only what changed since, migration 0021), but at
 * most CORPUS_MAX_AGE_MS after the last build from scratch everything is read again: what else it
 * holds, such as the categories of each attendee's past events, may change without the counter
 * (events end, categories are edited). Only a cache: every request reads the version, so API
 * processes never disagree for longer than that about an order; a process holds at most
 * CORPUS_CACHE_SIZE events (least recently used go first).
 */
const CORPUS_CACHE_SIZE = 16;
export const CORPUS_MAX_AGE_MS = 10 * 60_000;
type CorpusCache = Map<string, { version: string; fromScratchAt: number; corpus: Promise<Corpus<RankPerson>> }>;
/** Per database (tests and benchmarks open several in one process, with the same demo event ids). */
const corpusCaches = new WeakMap<object, CorpusCache>();

/** A corpus built before, and the version it was built for. */
export interface PreviousCorpus<P extends RankPerson> {
  corpus: Corpus<P>;
  version: string;
}

/**
 * The corpus of `eventId` in the database `owner`. `version` must change whenever anything `load`
 * reads that matters at once changes; `load` may take the rest from `previous`, and bring it up to
 * date (updateCorpus) when it knows what changed since its version.
 */
export async function cachedCorpus<P extends RankPerson>(
  owner: object,
  eventId: string,
  version: string,
  load: (previous: PreviousCorpus<P> | undefined) => Promise<Corpus<P>>,
): Promise<Corpus<P>> {
  let corpusCache = corpusCaches.get(owner);
  if (!corpusCache) corpusCaches.set(owner, (corpusCache = new Map()));
  const hit = corpusCache.get(eventId);
  const now = Date.now();
  const fresh = hit !== undefined && now - hit.fromScratchAt < CORPUS_MAX_AGE_MS;
  // A request that read the version just before another's change may get the newer corpus.
  if (fresh && BigInt(hit.version) >= BigInt(version)) {
    corpusCache.delete(eventId);
    corpusCache.set(eventId, hit);
    return hit.corpus as Promise<Corpus<P>>;
  }
  // One build per version: requests that arrive while it runs wait for the same one. The previous
  // version, when it is not too old, lends what it can (and the age of its build from scratch).
  const previous: Promise<PreviousCorpus<P> | undefined> = fresh
    ? (hit.corpus as Promise<Corpus<P>>).then(
        (built) => ({ corpus: built, version: hit.version }),
        () => undefined,
      )
    : Promise.resolve(undefined);
  const corpus = previous.then(load);
  const entry = { version, fromScratchAt: fresh ? hit.fromScratchAt : now, corpus: corpus as Promise<Corpus<RankPerson>> };
  corpusCache.delete(eventId);
  corpusCache.set(eventId, entry);
  while (corpusCache.size > CORPUS_CACHE_SIZE) corpusCache.delete(corpusCache.keys().next().value!);
  // A failed build is not kept.
  corpus.catch(() => {
    if (corpusCache.get(eventId) === entry) corpusCache.delete(eventId);
  });
  return corpus;
}
