import { useEffect, useRef, useState, type ChangeEvent } from 'react';
import { flushSync } from 'react-dom';
import { PROFILE_IMAGE_ERRORS, PROFILE_IMAGE_UPLOADS_PER_HOUR, PROFILE_UPLOAD_CODES } from '../../../../contract/profile-photo';
import type { Me } from '../../../../contract/user';
import { ApiError, errorMessage } from '../../../lib/api-client';
import { useOnline } from '../../../lib/use-online';
import { Avatar } from '../../../ui/Avatar';
import { Button } from '../../../ui/Button';
import { Dialog } from '../../../ui/Dialog';
import { CameraIcon } from '../../../ui/camera-icon';
import { toast } from '../../../ui/toast-store';
import { PHOTO_REMOVED_TOAST, PHOTO_UPDATED_TOAST, useRemoveProfilePhoto, useUploadProfilePhoto } from '../api/upload-photo';
import './photo-dialog.css';

export const OFFLINE_PHOTO_MESSAGE = "You're offline. Your photo can change once you're back online.";

/** The second line under a refusal the member can act on (docs/product.md section 5). */
const ERROR_HINTS: Record<string, string> = {
  [PROFILE_IMAGE_ERRORS.invalidType]: 'Please upload an image file',
  [PROFILE_IMAGE_ERRORS.tooLarge]: 'Please choose a photo under 15 MB.',
  [PROFILE_IMAGE_ERRORS.tooManyPixels]: 'Please choose a smaller photo.',
  [PROFILE_IMAGE_ERRORS.busy]: 'Please try again in a moment.',
  [PROFILE_IMAGE_ERRORS.tooManyUploads]: `You can change your photo ${PROFILE_IMAGE_UPLOADS_PER_HOUR} times an hour. Please try again later.`,
};

/**
 * What a failed upload says. A 503, or a 429 other than the member's own limit, says the server is
 * busy whatever its body (a proxy in front may answer without ours, and a busy server turns writes
 * away with 429): 'A server error occurred.' or 'Too many requests' would not tell the member that
 * trying again in a moment is all it takes.
 */
function uploadError(reason: unknown): string {
  if (reason instanceof ApiError && reason.status === 429 && reason.code === PROFILE_UPLOAD_CODES.rateLimited) return PROFILE_IMAGE_ERRORS.tooManyUploads;
  if (reason instanceof ApiError && (reason.status === 503 || reason.status === 429)) return PROFILE_IMAGE_ERRORS.busy;
  return errorMessage(reason);
}

interface Chosen {
  file: File;
  /** An object URL of the file for the preview, revoked when another is chosen or the dialog goes. */
  url: string;
}

/** The 'Change photo' dialog: choose or take a photo, preview, Use (with progress), Cancel, Remove. */
export function PhotoDialog({ me, onClose }: { me: Me; onClose: () => void }) {
  const upload = useUploadProfilePhoto();
  const remove = useRemoveProfilePhoto();
  const online = useOnline();
  const [chosen, setChosen] = useState<Chosen | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [networkFailed, setNetworkFailed] = useState(false);
  /** The object URL whose image could not be shown. */
  const [brokenPreview, setBrokenPreview] = useState<string | null>(null);
  const chosenRef = useRef<Chosen | null>(null);
  useEffect(
    () => () => {
      if (chosenRef.current) URL.revokeObjectURL(chosenRef.current.url);
    },
    [],
  );

  const busy = upload.isPending || remove.isPending;
  const offline = !online || networkFailed;

  function choose(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    // The same file can be chosen again after an error.
    event.target.value = '';
    if (!file) return;
    setError(null);
    // The server decides from the bytes; an empty type (HEIC on some systems) goes to it.
    if (file.type !== '' && !file.type.startsWith('image/')) {
      setError(PROFILE_IMAGE_ERRORS.invalidType);
      return;
    }
    if (chosenRef.current) URL.revokeObjectURL(chosenRef.current.url);
    const next = { file, url: URL.createObjectURL(file) };
    chosenRef.current = next;
    setChosen(next);
  }

  function failed(reason: unknown) {
    setProgress(null);
    if (reason instanceof ApiError && reason.isNetworkError) setNetworkFailed(true);
    else setError(uploadError(reason));
  }

  function start(): boolean {
    setError(null);
    setNetworkFailed(false);
    // Photos are never queued in the outbox, by choice: megabytes sent at some later moment the member no longer watches is no change they can follow.
    if (!navigator.onLine) {
      setNetworkFailed(true);
      return false;
    }
    return true;
  }

  function use() {
    if (!chosen || !start()) return;
    setProgress(0);
    upload.mutate(
      // 100 % is drawn at once: the answer that follows closes the dialog, and on a busy phone a
      // batched update would close it with the bar still short of the end.
      { photo: chosen.file, onProgress: (percent) => (percent === 100 ? flushSync(() => setProgress(100)) : setProgress(percent)) },
      {
        onSuccess: () => {
          toast(PHOTO_UPDATED_TOAST);
          onClose();
        },
        onError: failed,
      },
    );
  }

  function removePhoto() {
    if (!start()) return;
    remove.mutate(undefined, {
      onSuccess: () => {
        toast(PHOTO_REMOVED_TOAST);
        onClose();
      },
      onError: failed,
    });
  }

  const pickClass = `btn btn--secondary btn--md photo-dialog-pick${busy ? ' photo-dialog-pick--disabled' : ''}`;
  return (
    <Dialog open title="Change photo" onClose={busy ? undefined : onClose} className="photo-dialog">
      <div className="photo-dialog-preview">
        {chosen && brokenPreview === chosen.url ? (
          <span className="photo-dialog-no-preview">No preview for this file</span>
        ) : chosen ? (
          // A file the browser cannot show (HEIC outside Safari) may still be a photo the server reads.
          <img className="photo-dialog-image" src={chosen.url} alt="Your new photo" onError={() => setBrokenPreview(chosen.url)} />
        ) : (
          <Avatar
            id={me.id}
            firstName={me.firstName}
            lastName={me.lastName}
            imageUrl={me.imageUrl}
            size="fill"
            alt="Your current photo"
            className="photo-dialog-image"
          />
        )}
      </div>
      <div className="photo-dialog-sources">
        <label className={pickClass}>
          <input className="visually-hidden" type="file" accept="image/*" disabled={busy} onChange={choose} />
          Choose photo
        </label>
        {/* capture opens the front camera on phones; desktops would show a second file picker, so CSS hides it there. */}
        <label className={`${pickClass} photo-dialog-camera`}>
          <input className="visually-hidden" type="file" accept="image/*" capture="user" disabled={busy} onChange={choose} />
          <CameraIcon size={18} />
          Take photo
        </label>
      </div>
      {progress !== null && (
        <div className="photo-dialog-progress">
          <progress max={100} value={progress} aria-label="Uploading photo" />
          <span className="photo-dialog-percent">{progress}%</span>
        </div>
      )}
      {offline && (
        <p className="photo-dialog-offline" role="status">
          {OFFLINE_PHOTO_MESSAGE}
        </p>
      )}
      {error && (
        <div className="photo-dialog-error" role="alert">
          <strong>{error}</strong>
          {ERROR_HINTS[error] && <span>{ERROR_HINTS[error]}</span>}
        </div>
      )}
      <div className="photo-dialog-actions">
        {me.imageUrl && (
          <Button variant="ghost" className="photo-dialog-remove" onClick={removePhoto} disabled={busy || !online} loading={remove.isPending}>
            Remove
          </Button>
        )}
        <Button variant="secondary" onClick={onClose} disabled={busy}>
          Cancel
        </Button>
        <Button onClick={use} disabled={!chosen || busy || !online} loading={upload.isPending}>
          Use
        </Button>
      </div>
    </Dialog>
  );
}
