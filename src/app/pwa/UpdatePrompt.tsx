import { useState } from 'react';
import { Button } from '../../ui/Button';
import { XIcon } from '../../ui/icons';
import { applyUpdate, dismissUpdate } from './update-actions';
import '../../ui/floating-bar.css';
import './update-prompt.css';

/**
 * While a new version is waiting (UpdatePromptSlot.tsx), a small banner 'New version available'
 * with 'Reload'. It never blocks the page: the member can keep working or dismiss it, and the new
 * version then takes over at the next start.
 */
export function UpdatePrompt() {
  const [reloading, setReloading] = useState(false);
  return (
    <div className="floating-bar update-prompt" role="status" aria-live="polite">
      <span className="update-prompt-text">New version available</span>
      <Button
        size="sm"
        loading={reloading}
        onClick={() => {
          setReloading(true);
          void applyUpdate();
        }}
      >
        Reload
      </Button>
      <button type="button" className="floating-bar-close" aria-label="Dismiss" onClick={dismissUpdate}>
        <XIcon />
      </button>
    </div>
  );
}
