import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useLocation } from 'wouter';
import { apiClient, errorMessage } from '../../../lib/api-client';
import { toast } from '../../../ui/toast-store';
import { authKeys } from './keys';

/** POST oauth/logout: ends the session on the server. */
export function logout(): Promise<null> {
  return apiClient.post<null>('oauth/logout');
}

/**
 * Logs out (SPEC.md section 4): the server ends the session, then the cached data of this member is
 * dropped and the app goes to /auth/login (which leads to /auth). If the server cannot be reached
 * the member stays signed in and is told so, since the session would otherwise stay valid.
 */
export function useLogout() {
  const queryClient = useQueryClient();
  const [, navigate] = useLocation();
  return useMutation({
    mutationFn: logout,
    onSuccess: () => {
      // Signed out first, then every other cached answer of this member dropped (clearing the whole
      // cache at once would leave the app without a known state and flash a loading screen).
      queryClient.setQueryData(authKeys.me(), null);
      queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== authKeys.all[0] });
      queryClient.getMutationCache().clear();
      toast({ title: 'Logged out successfully', description: 'See you soon!' });
      navigate('/auth/login', { replace: true });
    },
    onError: (error) => toast({ title: 'Error', description: errorMessage(error), variant: 'destructive' }),
  });
}
