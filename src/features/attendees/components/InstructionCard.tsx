import { useState } from 'react';
import { instructionsDismissedKey } from '../../../lib/storage-keys';
import { storage } from '../../../lib/storage';
import { Button } from '../../../ui/Button';
import { Card } from '../../../ui/Card';

/** 'How it works', shown first until dismissed; the dismissal is remembered per event. */
export function InstructionCard({ eventId }: { eventId: string }) {
  const key = instructionsDismissedKey(eventId);
  const [dismissed, setDismissed] = useState(() => storage.get(key) !== null);
  if (dismissed) return null;
  return (
    <Card className="instruction-card" role="region" aria-label="How it works">
      <h2 className="instruction-title">How it works</h2>
      <ul className="instruction-list">
        <li>Swipe right (or press Connect, or the Right arrow key) to show interest.</li>
        <li>Swipe left (or press Pass, or the Left arrow key) to pass.</li>
        <li>When the interest is mutual, you are connected.</li>
        <li>Swipes made offline are saved and sent when you are back online.</li>
      </ul>
      <Button
        variant="secondary"
        onClick={() => {
          storage.set(key, 'true');
          setDismissed(true);
        }}
      >
        Got it
      </Button>
    </Card>
  );
}
