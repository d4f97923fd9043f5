import { useEffect, useId, useState } from 'react';
import { Button } from '../../../ui/Button';
import { devicePushErrorText, HOME_SCREEN_TEXT } from '../notification-texts';
import type { PromptOffer } from '../prompt-offer';
import { useEnableThisDevice } from '../use-device-push';
import './notifications.css';

/** How long 'Notifications are on' stays before the prompt goes by itself. */
export const DONE_MS = 4000;

/**
 * Offered after a new connection: turn notifications on now that they make sense. Not
 * modal and never takes the focus (the member may be swiping with the arrow keys); it is announced,
 * and it is the last stop of the Tab order.
 */
export function ConnectionPrompt({ offer, onDismiss, onClose }: { offer: Exclude<PromptOffer, null>; onDismiss(): void; onClose(): void }) {
  const titleId = useId();
  const enable = useEnableThisDevice();
  const [done, setDone] = useState(false);
  useEffect(() => {
    if (!done) return;
    const timer = setTimeout(onClose, DONE_MS);
    return () => clearTimeout(timer);
  }, [done, onClose]);

  const turnOn = () => enable.mutate(undefined, { onSuccess: () => setDone(true) });
  return (
    <section className="connection-prompt" role="region" aria-labelledby={titleId} aria-live="polite">
      {offer === 'home-screen' ? (
        <>
          <h2 id={titleId} className="connection-prompt-title">
            Get notified about new connections
          </h2>
          <p className="connection-prompt-text">{HOME_SCREEN_TEXT}</p>
          <div className="connection-prompt-actions">
            <Button size="sm" onClick={onDismiss}>
              OK
            </Button>
          </div>
        </>
      ) : done ? (
        <>
          <h2 id={titleId} className="connection-prompt-title">
            Notifications are on
          </h2>
          <p className="connection-prompt-text">Change them any time in Notification settings on your profile.</p>
          <div className="connection-prompt-actions">
            <Button size="sm" variant="secondary" onClick={onClose}>
              Close
            </Button>
          </div>
        </>
      ) : (
        <>
          <h2 id={titleId} className="connection-prompt-title">
            Get notified about new connections?
          </h2>
          <p className="connection-prompt-text">
            Mingle can tell you when someone likes you back, and remind you an hour before your events, even while the app is closed.
          </p>
          {enable.isError && (
            <p className="notification-error" role="alert">
              {devicePushErrorText(enable.error)}
            </p>
          )}
          <div className="connection-prompt-actions">
            <Button size="sm" loading={enable.isPending} onClick={turnOn}>
              Turn on notifications
            </Button>
            <Button size="sm" variant="ghost" disabled={enable.isPending} onClick={onDismiss}>
              Not now
            </Button>
          </div>
        </>
      )}
    </section>
  );
}
