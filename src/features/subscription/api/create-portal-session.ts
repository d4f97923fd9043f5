import { useMutation } from '@tanstack/react-query';
import { apiPath } from '../../../../contract/api-routes';
import type { PortalSessionInput, RedirectResponse } from '../../../../contract/subscription';
import { apiClient } from '../../../lib/api-client';

/** POST stripe/create-portal-session: Stripe's Customer Portal for the member, as a URL. */
export function createPortalSession(input: PortalSessionInput): Promise<RedirectResponse> {
  return apiClient.post<RedirectResponse>(apiPath('/stripe/create-portal-session'), input);
}

/** The portal returns here; the profile sees from_portal=true and refreshes (docs/product.md section 4). */
export const portalReturnUrl = (origin: string) => `${origin}/profile?from_portal=true`;

/** Opens the portal; the caller redirects to the answer's url. */
export function useCreatePortalSession() {
  return useMutation({
    mutationFn: () => createPortalSession({ returnUrl: portalReturnUrl(window.location.origin) }),
  });
}
