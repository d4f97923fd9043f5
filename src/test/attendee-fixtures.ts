import type { DeckCandidate, Interaction, InteractionResult } from '../../contract/attendees';
import { makeEventItem } from './event-fixtures';
import { makeMe } from './fixtures';
import type { StubApi } from './stub-api';

/** A deck candidate called '{firstName} Tester', with texts derived from the first name. */
export function candidate(id: string, firstName: string, overrides: Partial<DeckCandidate> = {}): DeckCandidate {
  return {
    id,
    firstName,
    lastName: 'Tester',
    imageUrl: null,
    role: `${firstName}'s role`,
    story: `${firstName}'s story`,
    location: 'Stockholm',
    locationDisplay: null,
    goal: `${firstName}'s goal`,
    ...overrides,
  };
}

export function interaction(
  id: string,
  type: Interaction['type'],
  who: DeckCandidate | { id: string; firstName: string },
  eventId = 'e1',
  connected = false,
): Interaction {
  return {
    id,
    type,
    eventId,
    toUser: { id: who.id, firstName: who.firstName, lastName: 'Tester', imageUrl: null },
    createdAt: '2026-01-01T00:00:00.000Z',
    connected,
  };
}

/**
 * The member (makeMe()) signed in and registered at the event, with no connections yet: what the
 * Meet Attendees page reads besides the deck and the interactions.
 */
export function registeredMember(api: StubApi, eventId: string): void {
  api.on('GET /api/users/me', { status: 200, body: makeMe() });
  api.on(`GET /api/events/${eventId}`, { status: 200, body: makeEventItem({ id: eventId, isRegistered: true }) });
  api.on('GET /api/users/connections', { status: 200, body: [] });
}

export interface MeetServer {
  /** The member's interactions the server holds, newest first. */
  interactions: Interaction[];
  /** Requests that changed something, in order: 'POST positive c1', 'DELETE i1', 'PATCH goal ...'. */
  writes: string[];
  goal: string | null;
}

/**
 * The Meet Attendees endpoints of one event on the stub API, answering as the server does: a deck
 * paged `pageSize` at a time (by cursor = the last id) without the people interacted with, the
 * member's interactions, swipes, undo and the goal.
 */
export function meetServer(api: StubApi, eventId: string, people: DeckCandidate[], options: { pageSize?: number } = {}): MeetServer {
  const server: MeetServer = { interactions: [], writes: [], goal: null };
  const pageSize = options.pageSize ?? 200;
  let next = 1;
  api.on(`GET /api/events/${eventId}/attendees`, (_body, query) => {
    const interacted = new Set(server.interactions.map((i) => i.toUser.id));
    const cursor = query.get('cursor');
    const start = cursor ? people.findIndex((p) => p.id === cursor) + 1 : 0;
    const rest = people.slice(start).filter((p) => !interacted.has(p.id));
    const page = rest.slice(0, pageSize);
    return { status: 200, body: { attendees: page, nextCursor: rest.length > pageSize ? (page.at(-1)?.id ?? null) : null } };
  });
  api.on(`GET /api/users/interactions/${eventId}`, () => ({ status: 200, body: server.interactions }));
  for (const kind of ['positive', 'negative'] as const) {
    api.on(`POST /api/users/interactions/${kind}`, (body) => {
      const { toUserId } = body as { toUserId: string };
      const who = people.find((p) => p.id === toUserId) ?? { id: toUserId, firstName: 'Someone' };
      const created = interaction(`i${next++}`, kind === 'positive' ? 'POSITIVE' : 'NEGATIVE', who, eventId);
      server.interactions = [created, ...server.interactions];
      server.writes.push(`POST ${kind} ${toUserId}`);
      const result: InteractionResult = { interaction: created, newConnection: null };
      return { status: 201, body: result };
    });
  }
  return server;
}

/** Answers DELETE users/interactions/{id} for these ids as the server does. */
export function deletableInteractions(api: StubApi, server: MeetServer, ids: string[]): void {
  for (const id of ids) {
    api.on(`DELETE /api/users/interactions/${id}`, () => {
      server.interactions = server.interactions.filter((i) => i.id !== id);
      server.writes.push(`DELETE ${id}`);
      return { status: 204 };
    });
  }
}

/** Everything the document ever showed, frame by frame: records every text node and element added. */
export function watchShownText(): { everShown: (text: string) => boolean; stop: () => void } {
  const seen: string[] = [];
  const record = (node: Node) => {
    if (node.textContent) seen.push(node.textContent);
  };
  const observer = new MutationObserver((mutations) => {
    for (const m of mutations) {
      m.addedNodes.forEach(record);
      if (m.type === 'characterData') record(m.target);
    }
  });
  observer.observe(document.body, { childList: true, subtree: true, characterData: true });
  return {
    everShown: (text) => {
      for (const m of observer.takeRecords()) {
        m.addedNodes.forEach(record);
      }
      return seen.some((s) => s.includes(text));
    },
    stop: () => observer.disconnect(),
  };
}
