import { expect } from '@playwright/test';
import type { Meeting } from '../../contract/meetings';
import type { ApiMember } from './api-session';

const QUARTER = 15 * 60_000;

/** The quarter hours of the event, from its first that has not begun (a community event starts tomorrow and offers 8 hours). */
export async function quarterHours(member: ApiMember, eventId: string): Promise<(n: number) => string> {
  const answer = await member.api.get(`/api/events/${eventId}/meetings/availability`);
  expect(answer.status()).toBe(200);
  const { windows } = (await answer.json()) as { windows: { startsAt: string }[] };
  const first = Math.ceil(Date.parse(windows[0]!.startsAt) / QUARTER) * QUARTER;
  return (n) => new Date(first + n * QUARTER).toISOString();
}

/** A request for 30 minutes from `from` to `to`, made through the API. */
export async function askByApi(from: ApiMember, to: ApiMember, eventId: string, startsAt: string, place = 'Table 12'): Promise<Meeting> {
  const answer = await from.api.post(`/api/events/${eventId}/meetings`, { data: { inviteeId: to.id, startsAt, minutes: 30, place } });
  expect(answer.status(), await answer.text()).toBe(201);
  return (await answer.json()) as Meeting;
}
