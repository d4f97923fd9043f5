import { sql, type RawBuilder } from 'kysely';

/**
 * Words of the way people write profiles, goals and requests ('Looking to meet two people who…',
 * 'I'm interested in…'), which say nothing about what an event is about or whom someone is or wants
 * to meet: one list for everything in Mingle that matches or quotes words (the deck's terms, the
 * recommender's, the mingle compilation's themes, the assistant's people and searches). PostgreSQL's
 * English configuration keeps most of them (they are not its stop words); the short function words
 * are here for the places that split text in JavaScript.
 */
export const FILLER_WORDS: readonly string[] = [
  // Function words (PostgreSQL drops them itself; JavaScript tokenisers do not).
  ...`a an the and or but of on in at to for from with about near into by as is are was were be been being
  it its this that these those there their they them we us our you your i me my he she his her who what
  which when where while how can could would should will may might must do does did done not no yes so if
  then than too very just only all any each every both more most other others such own same`.split(/\s+/),
  // What nearly every networking text says.
  ...`also like love want wants wanted looking look find finding get getting lots new make help meet meets
  meeting people person someone anyone everyone talk learn connect connecting know hope hear see chat
  interest interested interesting event events work working good great nice today week year time
  one two three four five few some many`.split(/\s+/),
  // Contractions, as PostgreSQL splits them ("I'm" gives 'm').
  ...`im ive id i'm i've i'd i'll we're you're it's`.split(/\s+/),
].filter((word) => word !== '');

const FILLER = new Set(FILLER_WORDS);

/** Whether a word (any case) is one of FILLER_WORDS. */
export const isFillerWord = (word: string): boolean => FILLER.has(word.toLowerCase());

/** FILLER_WORDS as the English configuration's lexemes, in SQL: stemmed as the texts they are taken out of. */
export const fillerLexemes: RawBuilder<string[]> = sql<string[]>`tsvector_to_array(to_tsvector('english'::regconfig, ${sql.lit(FILLER_WORDS.join(' '))}))`;
