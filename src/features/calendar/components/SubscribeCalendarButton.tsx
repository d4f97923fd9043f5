import { lazy, Suspense, useState } from 'react';
import { Button } from '../../../ui/Button';

// The dialog and its calls load on press: every byte here counts against /profile's first-screen budget.
const CalendarFeedDialog = lazy(() => import('./CalendarFeedDialog'));

/** 'Subscribe to my events' on the own profile: opens the calendar feed's dialog. */
export function SubscribeCalendarButton() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant="secondary" onClick={() => setOpen(true)}>
        Subscribe to my events
      </Button>
      {open && (
        <Suspense fallback={null}>
          <CalendarFeedDialog onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
