import type { Kysely } from 'kysely';
import type { ChatMessageMetadata, JourneyType } from '../../../contract/chat';
import type { Database } from '../../db/schema';
import { loadEventRows } from '../events/event-queries';
import type { Viewer } from '../events/visibility';
import { eventCards, findPlaces, myEvents, recommendedEvents, searchEvents, toCards } from './assistant-data';
import { connectionsAtEvent, followUpDrafts, goalSuggestion, loadMember, profileWordForms, suggestAttendees } from './assistant-people';
import { parseRequest } from './parse-request';

/**
 * The guided assistant: the journeys without a language model, on our own search and data. Every
 * answer carries metadata.basic, and the client labels it BASIC_ASSISTANT_LABEL.
 */

export interface AssistantContext {
  db: Kysely<Database>;
  viewer: Viewer & { userId: string };
  now: Date;
}

export interface JourneyState {
  journeyType: JourneyType;
  /** The event the journey is about (chat's selected event), if any. */
  eventId: string | null;
}

export interface Answer {
  content: string;
  metadata: ChatMessageMetadata;
}

const DISCOVER_CHIPS = ['Events this week', 'Events next month', 'Recommend events for me'];

const quoted = (words: string[]) => words.map((w) => `"${w}"`).join(', ');

/** The first message of a new chat. */
export async function greeting(ctx: AssistantContext, state: JourneyState, basic: boolean): Promise<Answer> {
  const flag = basic ? { basic: true } : { model: true };
  if (state.journeyType === 'DISCOVER_EVENTS') {
    return {
      content: "Tell me what you're looking for: a topic, a city and a time, for example 'AI meetups in Stockholm next month'.",
      metadata: { ...flag, chips: DISCOVER_CHIPS },
    };
  }
  if (!state.eventId) return chooseEvent(ctx, state.journeyType, flag);
  // A journey started for an event begins with its answer.
  return basic ? guidedAnswer(ctx, state, '') : eventIntro(ctx, state, flag);
}

async function eventIntro(ctx: AssistantContext, state: JourneyState, flag: ChatMessageMetadata): Promise<Answer> {
  const [row] = await loadEventRows(ctx.db, ctx.viewer, [state.eventId!]);
  const name = row?.name ?? 'this event';
  return state.journeyType === 'PREPARE_FOR_EVENT'
    ? {
        content: `Let's prepare for ${name}. Ask me for a goal or for the people most worth meeting.`,
        metadata: { ...flag, chips: ['Suggest a goal', 'Who should I meet?'] },
      }
    : { content: `Let's follow up after ${name}. Ask me for messages to the people you met.`, metadata: { ...flag, chips: ['Write follow-up messages'] } };
}

/** The member's events to choose from (select-event), for the prepare and follow-up journeys. */
export async function chooseEvent(ctx: AssistantContext, journeyType: JourneyType, flag: ChatMessageMetadata = { basic: true }): Promise<Answer> {
  const prepare = journeyType === 'PREPARE_FOR_EVENT';
  const rows = await myEvents(ctx.db, ctx.viewer, ctx.now, prepare ? 'upcoming' : 'attended');
  if (rows.length === 0) {
    return {
      content: prepare
        ? "You're not attending any upcoming events yet. Start exploring events to get connected!"
        : "You haven't attended any events yet, so there is no one to follow up with.",
      metadata: { ...flag, chips: [] },
    };
  }
  return {
    content: prepare ? 'Which event do you want to prepare for?' : 'Which event do you want to follow up on?',
    metadata: { ...flag, events: toCards(rows, ctx.viewer, new Map(), true) },
  };
}

/** The guided answer to a member's message. */
export async function guidedAnswer(ctx: AssistantContext, state: JourneyState, text: string): Promise<Answer> {
  if (state.journeyType === 'DISCOVER_EVENTS') return discover(ctx, text);
  if (!state.eventId) return chooseEvent(ctx, state.journeyType);
  return state.journeyType === 'PREPARE_FOR_EVENT' ? prepare(ctx, state.eventId) : followUp(ctx, state.eventId);
}

async function discover(ctx: AssistantContext, text: string): Promise<Answer> {
  const { db, viewer, now } = ctx;
  const lower = text.toLowerCase();
  if (/\brecommend|\bfor me\b|\bsuggest/.test(lower)) return recommend(ctx);
  const parsed = parseRequest(text, now);
  const place = await findPlaces(db, parsed.placeCandidates);
  const keywords = parsed.keywords.filter((w) => !place?.words.includes(w));
  const filters = { locationIds: place?.ids, from: parsed.span?.from ?? null, to: parsed.span?.to ?? null };
  const where = [place ? `in ${place.label}` : '', parsed.span ? parsed.span.label : ''].filter(Boolean).join(' ');
  let result = await searchEvents(db, viewer, now, { keywords, ...filters, limit: 5 });
  let relaxed = false;
  if (result.found.length === 0 && keywords.length > 0 && (place || parsed.span)) {
    result = await searchEvents(db, viewer, now, { keywords: [], ...filters, limit: 5 });
    relaxed = true;
  }
  const flag = { basic: true } as const;
  if (result.found.length === 0) {
    return {
      content: `I found no upcoming events${keywords.length ? ` about ${quoted(keywords)}` : ''}${where ? ` ${where}` : ''}. Try another topic, place or time.`,
      metadata: { ...flag, chips: DISCOVER_CHIPS },
    };
  }
  const reasons = new Map(
    result.found.map((f) => {
      const parts = [f.matched.length ? `Matches ${quoted(f.matched)}` : '', place ? `in ${place.label}` : '', parsed.span ? parsed.span.label : ''].filter(
        Boolean,
      );
      return [f.id, parts.join('; ') || 'Upcoming'];
    }),
  );
  const cards = await eventCards(
    db,
    viewer,
    result.found.map((f) => f.id),
    reasons,
  );
  const count = result.total;
  const shown = cards.length;
  const nothingAsked = keywords.length === 0 && !place && !parsed.span;
  const intro = nothingAsked
    ? 'Here are the next upcoming events. Tell me a topic, a city or a time to narrow them down.'
    : relaxed
      ? `I found no events about ${quoted(keywords)}${where ? ` ${where}` : ''}. Here are other upcoming events${where ? ` ${where}` : ''}:`
      : `I found ${count} event${count === 1 ? '' : 's'}${keywords.length ? ` about ${quoted(keywords)}` : ''}${where ? ` ${where}` : ''}${count > shown ? `; here are the first ${shown}` : ''}:`;
  const chips = [
    ...(parsed.span?.label === 'next month'
      ? []
      : [`${[...keywords, place ? `in ${place.label.split(',')[0]}` : ''].filter(Boolean).join(' ')} next month`.trim()]),
    ...(parsed.span?.label === 'this week'
      ? []
      : [`${[...keywords, place ? `in ${place.label.split(',')[0]}` : ''].filter(Boolean).join(' ')} this week`.trim()]),
    'Recommend events for me',
  ].map((chip) => (chip.length > 100 ? chip.slice(0, 100) : chip));
  return { content: intro, metadata: { ...flag, events: cards, chips: [...new Set(chips)] } };
}

/**
 * Events for the member: the recommender's picks when they turned AI recommendations on, else a
 * search with the words of their role and story.
 */
async function recommend(ctx: AssistantContext): Promise<Answer> {
  const picks = await recommendedEvents(ctx.db, ctx.viewer, ctx.now, 5);
  if (picks && picks.length > 0) {
    const cards = await eventCards(
      ctx.db,
      ctx.viewer,
      picks.map((p) => p.id),
      new Map(picks.map((p) => [p.id, p.reason])),
    );
    return { content: 'Events our recommender picked for you:', metadata: { basic: true, events: cards, chips: DISCOVER_CHIPS.slice(0, 2) } };
  }
  const me = await loadMember(ctx.db, ctx.viewer.userId);
  const forms = profileWordForms(me.role, me.story);
  const words = [...forms.keys()].slice(0, 8);
  const result = await searchEvents(ctx.db, ctx.viewer, ctx.now, { keywords: words, limit: 5 });
  const tip = picks === null ? ' Turn on AI recommendations on the Events page for picks based on your events and connections too.' : '';
  if (result.found.length === 0) {
    return {
      content: words.length
        ? `I found no upcoming events that match your profile. Tell me a topic, a city or a time instead.${tip}`
        : 'Add a title and a story to your profile, and I can recommend events that match them. Meanwhile, tell me a topic, a city or a time.',
      metadata: { basic: true, chips: DISCOVER_CHIPS.slice(0, 2) },
    };
  }
  const reasons = new Map(
    result.found.map((f) => [f.id, f.matched.length ? `Matches ${quoted(f.matched.map((w) => forms.get(w) ?? w))} in your profile` : 'Upcoming']),
  );
  const cards = await eventCards(
    ctx.db,
    ctx.viewer,
    result.found.map((f) => f.id),
    reasons,
  );
  return {
    content: `Events that match your profile:${tip ? `\n${tip.trim()}` : ''}`,
    metadata: { basic: true, events: cards, chips: DISCOVER_CHIPS.slice(0, 2) },
  };
}

async function prepare(ctx: AssistantContext, eventId: string): Promise<Answer> {
  const [me, [event]] = await Promise.all([loadMember(ctx.db, ctx.viewer.userId), loadEventRows(ctx.db, ctx.viewer, [eventId])]);
  if (!event) return chooseEvent(ctx, 'PREPARE_FOR_EVENT');
  const goal = goalSuggestion(me, event);
  const attendees = await suggestAttendees(ctx.db, ctx.viewer.userId, eventId, 5);
  const lines = [`Preparing for ${event.name}.`, '', `A goal you could set: ${goal}`, ''];
  if (attendees.length) {
    lines.push(`The ${attendees.length === 5 ? 'five' : attendees.length} attendee${attendees.length === 1 ? '' : 's'} most worth meeting:`);
    attendees.forEach((a, i) => lines.push(`${i + 1}. ${a.firstName} ${a.lastName}${a.role ? ` (${a.role})` : ''}: ${a.reason}`));
  } else {
    lines.push("There is no one new to meet in this event's deck yet: check again closer to the day.");
  }
  return {
    content: lines.join('\n'),
    metadata: { basic: true, goalSuggestion: goal, attendees, events: toCards([event], ctx.viewer), chips: ['Suggest a goal', 'Who should I meet?'] },
  };
}

async function followUp(ctx: AssistantContext, eventId: string): Promise<Answer> {
  const [me, [event]] = await Promise.all([loadMember(ctx.db, ctx.viewer.userId), loadEventRows(ctx.db, ctx.viewer, [eventId])]);
  if (!event) return chooseEvent(ctx, 'FOLLOW_UP');
  const connections = await connectionsAtEvent(ctx.db, ctx.viewer.userId, eventId);
  const drafts = followUpDrafts(me, event.name, connections);
  const content = drafts.length
    ? `Follow-up messages for your ${drafts.length} connection${drafts.length === 1 ? '' : 's'} from ${event.name}. Copy one, adjust it and send it from their profile.`
    : `You have no connections from ${event.name} yet. Connect with attendees on the event's Meet page, then come back for follow-up messages.`;
  return {
    content,
    metadata: { basic: true, followUps: drafts, events: toCards([event], ctx.viewer), chips: drafts.length ? ['Write follow-up messages'] : [] },
  };
}
