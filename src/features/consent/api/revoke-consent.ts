import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPath } from '../../../../contract/api-routes';
import type { Consent } from '../../../../contract/consent';
import type { Me } from '../../../../contract/user';
import { apiClient } from '../../../lib/api-client';
import { authKeys } from '../../../lib/signed-in-member';
import { consentKeys } from './keys';

/** PUT users/consents/{id} {revoke: true}: withdraws a consent (kept, with the time it was revoked). */
export function revokeConsent(id: string): Promise<Consent> {
  return apiClient.put<Consent>(apiPath('/users/consents/:id', { id }), { revoke: true });
}

export function useRevokeConsent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: revokeConsent,
    onSuccess: (revoked) => {
      // users/me lists the consents in force: the revoked one leaves it at once.
      queryClient.setQueryData<Me | null>(authKeys.me(), (me) => (me ? { ...me, consents: me.consents.filter((c) => c.id !== revoked.id) } : me));
      void queryClient.invalidateQueries({ queryKey: consentKeys.all });
    },
  });
}
