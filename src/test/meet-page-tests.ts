import { beforeAll, beforeEach } from 'vitest';
import { registeredMember } from './attendee-fixtures';
import { outboxPerTest, type DeviceOutbox } from './outbox-per-test';
import { stubPrefersReducedMotion } from './reduced-motion';
import { openPage, type StubApi } from './stub-api';
import { stubApiPerFile } from './stub-api-per-file';

/**
 * A file of tests of the Meet Attendees page, called at its top level: the stub API, the member's
 * outbox, and motion reduced while `reducedMotion()` says so (by default always). Each test starts
 * on /events/{eventId}/connect, signed in and registered there with no connections; the deck and
 * the interactions are the file's to answer.
 */
export function meetPageTests(eventId: string, reducedMotion?: () => boolean): { api: StubApi; device: DeviceOutbox } {
  const api = stubApiPerFile();
  const device = outboxPerTest();
  beforeAll(() => stubPrefersReducedMotion(reducedMotion));
  beforeEach(() => {
    openPage(api, `/events/${eventId}/connect`);
    registeredMember(api, eventId);
  });
  return { api, device };
}
