import { lazy, Suspense, useState } from 'react';
import type { Me } from '../../../../contract/user';
import { Avatar } from '../../../ui/Avatar';
import { CameraIcon } from '../../../ui/camera-icon';
import './photo-dialog.css';

// The dialog (upload, downscaling, progress) loads when the member opens it.
const PhotoDialog = lazy(() => import('./PhotoDialog').then((m) => ({ default: m.PhotoDialog })));

/** The profile header's photo: a button that opens the 'Change photo' dialog (docs/product.md sections 2 and 4). */
export function ProfilePhotoEditor({ me }: { me: Me }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" className="profile-photo-button" aria-label="Change photo" onClick={() => setOpen(true)}>
        <Avatar id={me.id} firstName={me.firstName} lastName={me.lastName} imageUrl={me.imageUrl} size="fill" className="profile-photo" />
        <span className="profile-photo-badge" aria-hidden="true">
          <CameraIcon size={16} />
        </span>
      </button>
      {/* Mounted only while open: each opening starts afresh, and closing lets go of the chosen file. */}
      {open && (
        <Suspense fallback={null}>
          <PhotoDialog me={me} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
