import { useEffect, useState, useSyncExternalStore } from 'react';
import { Button } from '../../ui/Button';
import { XIcon } from '../../ui/icons';
import { applyUpdate, dismissUpdate, getSnapshot, registerServiceWorker, subscribe } from './register-sw';
import '../../ui/floating-bar.css';
import './update-prompt.css';

/**
 * Registers the service worker when mounted and, when a new version is waiting, shows a small banner
 * 'New version available' with 'Reload'. It never blocks the page: the member can keep working or
 * dismiss it, and the new version then takes over at the next start.
 */
export function UpdatePrompt() {
  const { updateWaiting } = useSyncExternalStore(subscribe, getSnapshot, getSnapshot);
  const [reloading, setReloading] = useState(false);

  useEffect(() => {
    registerServiceWorker();
  }, []);

  if (!updateWaiting) return null;
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
