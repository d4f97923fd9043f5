import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPath } from '../../../../contract/api-routes';
import type { CalendarFeedResponse } from '../../../../contract/calendar';
import { apiClient } from '../../../lib/api-client';
import { calendarKeys } from './keys';

/** POST users/me/calendar-feed/rotate: a new feed URL; the old one stops working at once. */
export function rotateCalendarFeed(): Promise<CalendarFeedResponse> {
  return apiClient.post<CalendarFeedResponse>(apiPath('/users/me/calendar-feed/rotate'));
}

export function useRotateCalendarFeed() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: rotateCalendarFeed,
    onSuccess: (answer) => queryClient.setQueryData(calendarKeys.feed(), answer),
  });
}
