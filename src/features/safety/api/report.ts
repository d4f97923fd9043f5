import { useMutation } from '@tanstack/react-query';
import { apiPath } from '../../../../contract/api-routes';
import type { ReportInput } from '../../../../contract/safety';
import { apiClient } from '../../../lib/api-client';

/** POST users/{id}/report: kept with the conversation's last messages; the member is not told. */
export function useReportMember(userId: string) {
  return useMutation({
    mutationFn: (input: ReportInput) => apiClient.post<{ id: string }>(apiPath('/users/:id/report', { id: userId }), input),
  });
}
