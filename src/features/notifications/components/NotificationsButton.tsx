import { lazy, Suspense, useState } from 'react';
import { Button } from '../../../ui/Button';
import { Spinner } from '../../../ui/Spinner';

// The settings and their calls load on press: every byte here counts against /profile's first-screen budget.
const NotificationSettings = lazy(() => import('./NotificationSettings').then((m) => ({ default: m.NotificationSettings })));

/** 'Notification settings' on the own profile: shows the settings block below it. */
export function NotificationsButton() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant="secondary" aria-expanded={open} onClick={() => setOpen(!open)}>
        Notification settings
      </Button>
      {open && (
        <Suspense fallback={<Spinner label="Loading notification settings" />}>
          <NotificationSettings />
        </Suspense>
      )}
    </>
  );
}
