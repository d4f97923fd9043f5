import { lazy, Suspense, useState } from 'react';
import { Button } from '../../../ui/Button';
import { Spinner } from '../../../ui/Spinner';

// The settings and their calls load on press: every byte here counts against /profile's first-screen budget.
const SafetySettings = lazy(() => import('./SafetySettings').then((m) => ({ default: m.SafetySettings })));

/** 'Privacy and safety' on the own profile: shows its settings below it. */
export function SafetySettingsButton() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant="secondary" aria-expanded={open} onClick={() => setOpen(!open)}>
        Privacy and safety
      </Button>
      {open && (
        <Suspense fallback={<Spinner label="Loading privacy and safety" />}>
          <SafetySettings />
        </Suspense>
      )}
    </>
  );
}
