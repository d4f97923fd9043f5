import { FILLER_WORDS } from '../text/filler-words';
/**
 * Reads a member's request to the guided assistant ('AI meetups in Stockholm next month'): the
 * words to search for, a time span named in it, and the place candidates (single words and
 * two- or three-word phrases, looked up among our locations by the caller). Pure and linear in the
 * input (at most CHAT_MESSAGE_MAX characters, at most MAX_WORDS words are looked at).
 */

export interface TimeSpan {
  from: Date;
  /** Exclusive. */
  to: Date;
  /** What the member said, for the answer ('next month'). */
  label: string;
}

export interface ParsedRequest {
  /** Lower-case search words, without filler words and without the time and place words. */
  keywords: string[];
  /** Lower-case words and 2-3 word phrases that may name a place. */
  placeCandidates: string[];
  span: TimeSpan | null;
}

const MAX_WORDS = 40;

/** The shared filler (text/filler-words.ts) and the words of asking for events ('show me what is on next month'). */
const FILLER = new Set([
  ...FILLER_WORDS,
  ...`show give tell list search please happening happen going go attend attending upcoming soon coming best thing
   things something anything next last weeks month months tonight tomorrow weekend day days hi hello hey thanks
   thank ok okay within around`.split(/\s+/),
]);

const MONTHS = ['january', 'february', 'march', 'april', 'may', 'june', 'july', 'august', 'september', 'october', 'november', 'december'];
const MONTH_SHORT = MONTHS.map((m) => m.slice(0, 3));

const DAY = 24 * 60 * 60 * 1000;

function startOfUtcDay(date: Date): Date {
  return new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate()));
}

/** Monday of the week of `date` (UTC). */
function startOfWeek(date: Date): Date {
  const day = startOfUtcDay(date);
  const weekday = (day.getUTCDay() + 6) % 7;
  return new Date(day.getTime() - weekday * DAY);
}

function monthSpan(year: number, month: number, label: string): TimeSpan {
  return { from: new Date(Date.UTC(year, month, 1)), to: new Date(Date.UTC(year, month + 1, 1)), label };
}

/** The time span the text names, if any (first match wins, in this order). */
export function findTimeSpan(text: string, now: Date): TimeSpan | null {
  const t = ` ${text.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, ' ')} `;
  const today = startOfUtcDay(now);
  if (t.includes(' today ') || t.includes(' tonight ')) return { from: now, to: new Date(today.getTime() + DAY), label: 'today' };
  if (t.includes(' tomorrow ')) return { from: new Date(today.getTime() + DAY), to: new Date(today.getTime() + 2 * DAY), label: 'tomorrow' };
  if (t.includes(' this weekend ') || t.includes(' the weekend ')) {
    const saturday = new Date(startOfWeek(now).getTime() + 5 * DAY);
    return { from: saturday < now ? now : saturday, to: new Date(saturday.getTime() + 2 * DAY), label: 'this weekend' };
  }
  if (t.includes(' next week ')) {
    const monday = new Date(startOfWeek(now).getTime() + 7 * DAY);
    return { from: monday, to: new Date(monday.getTime() + 7 * DAY), label: 'next week' };
  }
  if (t.includes(' this week ')) return { from: now, to: new Date(startOfWeek(now).getTime() + 7 * DAY), label: 'this week' };
  if (t.includes(' next month ')) return monthSpan(now.getUTCFullYear(), now.getUTCMonth() + 1, 'next month');
  if (t.includes(' this month ')) {
    const span = monthSpan(now.getUTCFullYear(), now.getUTCMonth(), 'this month');
    return { ...span, from: now };
  }
  const inDays = /\s(?:next|within|in the next)\s(\d{1,3})\sdays\s/.exec(t);
  if (inDays) return { from: now, to: new Date(now.getTime() + Number(inDays[1]) * DAY), label: `the next ${inDays[1]} days` };
  for (let m = 0; m < 12; m += 1) {
    const name = MONTHS[m]!;
    // 'may' alone is too often the verb; it counts only after 'in' or before a year.
    const pattern = name === 'may' ? /\s(?:in may|may \d{4})\s/ : new RegExp(`\\s(?:${name}|${MONTH_SHORT[m]})(?:\\s(\\d{4}))?\\s`);
    const match = pattern.exec(t);
    if (!match) continue;
    const yearMatch = /\d{4}/.exec(match[0]);
    let year = yearMatch ? Number(yearMatch[0]) : now.getUTCFullYear();
    // A month already over this year means next year's.
    if (!yearMatch && m < now.getUTCMonth()) year += 1;
    const label = `${name[0]!.toUpperCase()}${name.slice(1)}${yearMatch ? ` ${year}` : ''}`;
    const span = monthSpan(year, m, label);
    return span.from < now ? { ...span, from: now } : span;
  }
  return null;
}

const TIME_WORDS = new Set([...MONTHS, ...MONTH_SHORT.filter((m) => m !== 'may')]);

export function parseRequest(text: string, now: Date): ParsedRequest {
  const words = (text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []).slice(0, MAX_WORDS);
  const span = findTimeSpan(text, now);
  const placeCandidates = new Set<string>();
  for (let i = 0; i < words.length; i += 1) {
    placeCandidates.add(words[i]!);
    if (i + 1 < words.length) placeCandidates.add(`${words[i]} ${words[i + 1]}`);
    if (i + 2 < words.length) placeCandidates.add(`${words[i]} ${words[i + 1]} ${words[i + 2]}`);
  }
  const keywords: string[] = [];
  for (const word of words) {
    if (FILLER.has(word) || TIME_WORDS.has(word) || /^\d+$/.test(word)) continue;
    if (word.length < 2 || keywords.includes(word)) continue;
    keywords.push(word);
  }
  return { keywords, placeCandidates: [...placeCandidates].filter((c) => c.length >= 2), span };
}

/** The word as searched: a plural 's' taken off words of five letters or more ('meetups' -> 'meetup'). */
export function stem(word: string): string {
  return word.length >= 5 && word.endsWith('s') && !word.endsWith('ss') ? word.slice(0, -1) : word;
}
