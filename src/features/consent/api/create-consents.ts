import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPath } from '../../../../contract/api-routes';
import type { Consent, ConsentType } from '../../../../contract/consent';
import type { Me } from '../../../../contract/user';
import { apiClient } from '../../../lib/api-client';
import { authKeys } from '../../../lib/signed-in-member';
import { consentKeys } from './keys';

/** POST users/consents: records the given consents and answers with them. */
export function createConsents(types: readonly ConsentType[]): Promise<Consent[]> {
  return apiClient.post<Consent[]>(apiPath('/users/consents'), { consents: types.map((type) => ({ type })) });
}

export function useCreateConsents() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createConsents,
    onSuccess: (created) => {
      // The member's consents are part of users/me: update it at once so the dialog closes.
      queryClient.setQueryData<Me | null>(authKeys.me(), (me) => {
        if (!me) return me;
        const types = new Set(created.map((c) => c.type));
        return { ...me, consents: [...me.consents.filter((c) => !types.has(c.type)), ...created] };
      });
      void queryClient.invalidateQueries({ queryKey: consentKeys.all });
    },
  });
}
