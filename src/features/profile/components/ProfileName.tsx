import { lazy, Suspense, useState } from 'react';
import type { Me } from '../../../../contract/user';
import { Button } from '../../../ui/Button';
import { PencilIcon } from '../../../ui/icons';
import { Spinner } from '../../../ui/Spinner';
import type { ProfileEdits } from '../use-profile-edits';

const NameForm = lazy(() => import('./NameForm').then((m) => ({ default: m.NameForm })));

/** The profile header's name with its edit toggle (docs/product.md section 2). */
export function ProfileName({ me, edits }: { me: Pick<Me, 'firstName' | 'lastName'>; edits: ProfileEdits }) {
  const [editing, setEditing] = useState(false);
  if (editing) {
    return (
      <Suspense fallback={<Spinner label="Loading" />}>
        <NameForm me={me} edits={edits} onDone={() => setEditing(false)} />
      </Suspense>
    );
  }
  return (
    <div className="profile-name-row">
      <h2 className="profile-name">
        {me.firstName} {me.lastName}
      </h2>
      <Button
        variant="ghost"
        size="sm"
        aria-label="Edit name"
        disabled={!edits.settled}
        onClick={() => {
          edits.startEditing();
          setEditing(true);
        }}
      >
        <PencilIcon width="16" height="16" />
      </Button>
    </div>
  );
}
