import type { EventListItem } from '../../../contract/events';
import { ApiError } from '../../lib/api-client';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useEvent } from './api/get-event';

/**
 * How an event is named in the document title: its name; for a PRO-only event shown as the locked
 * preview (which carries no name) what the screen shows instead; 'Event Not Found' as the screen
 * says; undefined while it is not known (loading, or a failure the screen offers to retry).
 */
export function eventTitleName(item: EventListItem | undefined, error: unknown): string | undefined {
  if (item?.eventData) return item.eventData.name;
  if (item) return 'PRO-only event';
  if (error instanceof ApiError && (error.status === 404 || error.status === 400)) return 'Event Not Found';
  return undefined;
}

/**
 * The title of a screen about one event: '<Event name> · Mingle' for the event itself, or
 * '<screen> · <Event name> · Mingle' (e.g. 'Meet attendees'). It reads the screen's own cached
 * query, so it follows the name once the event has loaded.
 */
export function useEventDocumentTitle(eventId: string, screen?: string): void {
  const query = useEvent(eventId);
  const name = eventTitleName(query.data, query.error);
  useDocumentTitle(screen, name ?? (screen ? undefined : 'Event'));
}
