import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useLocation } from 'wouter';
import { apiRequest } from '../../../lib/api-client';
import { toast } from '../../../ui/toast-store';
import { clearMemberApiCaches, forgetMember } from './logout';

/**
 * DELETE users/me {pin}: erases the account, confirmed with a fresh sign-in code mailed to the
 * member's address (POST login/pin/request first). 400 'Invalid pin' or 'Pin expired' otherwise.
 */
export function deleteAccount(pin: string): Promise<null> {
  return apiRequest<null>('DELETE', 'users/me', { body: { pin } });
}

/** Erases the account, then forgets the member on this device as a logout does and goes to /auth. */
export function useDeleteAccount() {
  const queryClient = useQueryClient();
  const [, navigate] = useLocation();
  return useMutation({
    mutationFn: async (pin: string) => {
      await deleteAccount(pin);
      await clearMemberApiCaches();
    },
    onSuccess: () => {
      forgetMember(queryClient);
      toast({ title: 'Account deleted', description: 'Everything about you has been removed from Mingle.' });
      navigate('/auth', { replace: true });
    },
  });
}
