import { apiPath } from '../../../../contract/api-routes';
import type { JoinSecretResponse } from '../../../../contract/events';
import { ApiError, apiClient, errorMessage } from '../../../lib/api-client';
import { shareOrCopy, type ShareOutcome } from '../../../lib/share-link';
import type { ToastInput } from '../../../ui/toast-store';
import { joinPath } from '../../event-detail/event-summary';

/** GET events/{id}/request-join-secret: the event's join secret, for its attendees. */
export function requestJoinSecret(eventId: string): Promise<JoinSecretResponse> {
  return apiClient.get<JoinSecretResponse>(apiPath('/events/:id/request-join-secret', { id: eventId }));
}

/**
 * 'Invite people': the event's join link, with the app's origin, through the share sheet or the
 * clipboard. The secret is asked for unless the page has it already (the link it was opened by).
 */
export async function shareInviteLink(event: { id: string; name: string; secret?: string }): Promise<ShareOutcome> {
  const secret = event.secret ?? (await requestJoinSecret(event.id)).secret;
  const url = new URL(joinPath(event.id, secret), window.location.origin).href;
  return shareOrCopy({ title: event.name, text: `Join me at ${event.name} on Mingle`, url });
}

export const inviteCopiedToast = (name: string): ToastInput => ({
  title: 'Invite link copied',
  description: `Send it to the people you want at ${name}.`,
});

/** Without network the link cannot be asked for: say so rather than 'a server error'. */
export function inviteFailedToast(error: unknown): ToastInput {
  const offline = error instanceof ApiError && error.isNetworkError;
  return {
    title: 'Could not share the invite link',
    description: offline ? "You're offline. Connect to the internet and try again." : errorMessage(error),
    variant: 'destructive',
  };
}
