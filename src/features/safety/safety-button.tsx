import { lazy, Suspense, useState } from 'react';
import type { ConversationPerson } from '../../../contract/messages';
import { Button } from '../../ui/Button';

// The dialog and its calls load on press: the screens that offer it (a deck card, a profile) keep their budgets.
const SafetyDialog = lazy(() => import('./components/SafetyDialog').then((m) => ({ default: m.SafetyDialog })));

interface Props {
  member: ConversationPerson;
  /** After a block: where the member goes, now that this screen shows someone they will not see again. */
  onBlocked?: () => void;
  className?: string;
}

/**
 * The safety feature's entry for other screens: 'Report or block' wherever another member shows
 * (their profile, a conversation, a deck card, a meeting).
 */
export function SafetyButton({ member, onBlocked, className }: Props) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant="ghost" size="sm" className={className} aria-haspopup="dialog" onClick={() => setOpen(true)}>
        Report or block
      </Button>
      {open && (
        <Suspense fallback={null}>
          <SafetyDialog member={member} onClose={() => setOpen(false)} onBlocked={onBlocked} />
        </Suspense>
      )}
    </>
  );
}
