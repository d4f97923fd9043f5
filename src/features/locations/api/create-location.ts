import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPath } from '../../../../contract/api-routes';
import type { Location } from '../../../../contract/events';
import type { CreateLocationRequest, CreateLocationResponse } from '../../../../contract/locations';
import { apiClient } from '../../../lib/api-client';
import { locationsKeys } from './keys';

/**
 * POST locations {name, country, region}: a custom location. The server answers 201 with the new
 * one, or 200 with the existing location of the same name and country; either way data is the
 * location to select.
 */
export async function createLocation(request: CreateLocationRequest): Promise<Location> {
  const answer = await apiClient.post<CreateLocationResponse>(apiPath('/locations'), request);
  return answer.data;
}

export function useCreateLocation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createLocation,
    // It needs the server now (docs/architecture.md): offline it fails at once with a network error, which the
    // form explains, instead of waiting silently for the connection.
    networkMode: 'always',
    // Searches cached before may now miss the new place.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: locationsKeys.all }),
  });
}
