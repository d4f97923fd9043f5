import { DAY_WITHOUT_END_MS } from '../../../contract/meeting-slots';

interface Dated {
  id: string;
  name: string;
  dateTime: string | null;
  endDateTime: string | null;
}

/** When an event is over: its end, or a day's span after a start without one. */
const endOf = (event: Dated) =>
  event.endDateTime ? Date.parse(event.endDateTime) : event.dateTime ? Date.parse(event.dateTime) + DAY_WITHOUT_END_MS : Number.NEGATIVE_INFINITY;

/** The other member's events the member attends too and that have not ended, soonest first. */
export function sharedEvents(theirs: readonly Dated[], mine: readonly { id: string }[], now: number): Dated[] {
  const myIds = new Set(mine.map((event) => event.id));
  return theirs.filter((event) => myIds.has(event.id) && endOf(event) > now).sort((a, b) => Date.parse(a.dateTime ?? '') - Date.parse(b.dateTime ?? ''));
}
