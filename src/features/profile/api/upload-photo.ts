import { useMutation, useQueryClient } from '@tanstack/react-query';
import { MAX_PROFILE_IMAGE_BYTES, PROFILE_IMAGE_ERRORS, PROFILE_IMAGE_FIELD, REMOVE_PROFILE_IMAGE_FIELD } from '../../../../contract/profile-photo';
import { apiPath } from '../../../../contract/api-routes';
import type { Me } from '../../../../contract/user';
import { API_PREFIX, ApiError, apiClient, noAnswerError } from '../../../lib/api-client';
import { discardFirstScreenAnswers } from '../../../lib/first-screen-data';
import type { ToastInput } from '../../../ui/toast-store';
import { authKeys } from '../../../lib/signed-in-member';
import { downscalePhoto } from '../photo-downscale';

const ME_URL = `${API_PREFIX}users/me`;

/** How much of the photo has been sent, 0-100. */
export type UploadProgress = (percent: number) => void;

/**
 * PATCH users/me as multipart form data with the photo, answering the updated member. XHR rather
 * than the api client's fetch: fetch reports no upload progress. Errors are the api client's
 * ApiError, so the dialog reads them like any other call's (status 0: no answer, i.e. offline).
 */
export function uploadProfilePhoto(photo: File, onProgress?: UploadProgress): Promise<Me> {
  // The server would answer 413 after the whole upload; saying it now spares the member the wait.
  if (photo.size > MAX_PROFILE_IMAGE_BYTES) {
    return Promise.reject(new ApiError(413, { error: PROFILE_IMAGE_ERRORS.tooLarge, field: PROFILE_IMAGE_FIELD }));
  }
  // A write ends the answers embedded in the page, as with every other write (lib/api-client.ts).
  discardFirstScreenAnswers();
  const form = new FormData();
  form.append(PROFILE_IMAGE_FIELD, photo, photo.name);

  return new Promise<Me>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('PATCH', ME_URL);
    xhr.withCredentials = true;
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.upload.addEventListener('progress', (event) => {
      if (event.lengthComputable && event.total > 0) onProgress?.(Math.min(100, Math.round((event.loaded / event.total) * 100)));
    });
    xhr.upload.addEventListener('load', () => onProgress?.(100));
    xhr.addEventListener('load', () => {
      const ok = xhr.status >= 200 && xhr.status < 300;
      let body: unknown = null;
      if (xhr.responseText !== '') {
        try {
          body = JSON.parse(xhr.responseText);
        } catch {
          // An unreadable answer is a server error whatever its status, as in the api client.
          reject(new ApiError(ok ? 0 : xhr.status, null));
          return;
        }
      }
      if (!ok) {
        reject(new ApiError(xhr.status, body));
        return;
      }
      // Chromium reports the last bytes sent only with the answer, if at all: the photo is all there now.
      onProgress?.(100);
      resolve(body as Me);
    });
    xhr.addEventListener('error', () => reject(noAnswerError()));
    xhr.addEventListener('timeout', () => reject(noAnswerError()));
    xhr.addEventListener('abort', () => reject(new ApiError(0, null)));
    xhr.send(form);
  });
}

/** PATCH users/me {removeProfileImage: true}: the photo dialog's 'Remove'. */
export function removeProfilePhoto(): Promise<Me> {
  return apiClient.patch<Me>(apiPath('/users/me'), { [REMOVE_PROFILE_IMAGE_FIELD]: true });
}

export const PHOTO_UPDATED_TOAST: ToastInput = { title: 'Photo updated' };
export const PHOTO_REMOVED_TOAST: ToastInput = { title: 'Photo removed' };

/**
 * Both calls need the network now and fail at once without it: 'always' stops TanStack Query from
 * pausing them until the browser is online, which would quietly queue a photo (docs/architecture.md: uploads
 * are ordinary mutations with a clear error).
 */
const NOW_OR_FAIL = 'always' as const;

/** Uploads a photo, scaled down first (photo-downscale.ts); the member's data becomes the answer. */
export function useUploadProfilePhoto() {
  const queryClient = useQueryClient();
  return useMutation({
    networkMode: NOW_OR_FAIL,
    mutationFn: async ({ photo, onProgress }: { photo: File; onProgress?: UploadProgress }) => uploadProfilePhoto(await downscalePhoto(photo), onProgress),
    onSuccess: (me) => queryClient.setQueryData(authKeys.me(), me),
  });
}

export function useRemoveProfilePhoto() {
  const queryClient = useQueryClient();
  return useMutation({
    networkMode: NOW_OR_FAIL,
    mutationFn: removeProfilePhoto,
    onSuccess: (me) => queryClient.setQueryData(authKeys.me(), me),
  });
}
