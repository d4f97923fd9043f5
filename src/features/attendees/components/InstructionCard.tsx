import { useId, useState } from 'react';
import { instructionsDismissedKey } from '../../../lib/storage-keys';
import { storage } from '../../../lib/storage';
import { Button } from '../../../ui/Button';
import { Card } from '../../../ui/Card';

/**
 * 'How it works', shown until dismissed; the dismissal is remembered per event. On a phone it is a
 * one-line bar whose steps open on request, so the deck below stays whole on the screen; on a
 * desktop the steps show beside the deck (attendees.css).
 */
export function InstructionCard({ eventId }: { eventId: string }) {
  const key = instructionsDismissedKey(eventId);
  const [dismissed, setDismissed] = useState(() => storage.get(key) !== null);
  const [open, setOpen] = useState(false);
  const stepsId = useId();
  if (dismissed) return null;
  return (
    <Card className={open ? 'instruction-card instruction-card--open' : 'instruction-card'} role="region" aria-label="How it works">
      <div className="instruction-bar">
        <h2 className="instruction-title">How it works</h2>
        <Button variant="ghost" size="sm" className="instruction-toggle" aria-expanded={open} aria-controls={stepsId} onClick={() => setOpen((was) => !was)}>
          {open ? 'Hide' : 'Show'}
        </Button>
        <Button
          variant="secondary"
          size="sm"
          onClick={() => {
            storage.set(key, 'true');
            setDismissed(true);
          }}
        >
          Got it
        </Button>
      </div>
      <ul className="instruction-list" id={stepsId}>
        <li>Swipe right (or press Connect, or the Right arrow key) to show interest.</li>
        <li>Swipe left (or press Pass, or the Left arrow key) to pass.</li>
        <li>When the interest is mutual, you are connected.</li>
        <li>Swipes made offline are saved and sent when you are back online.</li>
      </ul>
    </Card>
  );
}
