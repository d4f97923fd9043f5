import { useId, useState } from 'react';
import type { PushSettingsInput } from '../../../../contract/push';
import { errorMessage } from '../../../lib/api-client';
import { Button } from '../../../ui/Button';
import { Spinner } from '../../../ui/Spinner';
import { usePushSettings } from '../api/get-settings';
import { useUpdatePushSettings } from '../api/update-settings';
import { BLOCKED_TEXT } from '../device-push';
import { devicePushErrorText, HOME_SCREEN_TEXT, UNSUPPORTED_TEXT } from '../notification-texts';
import { browserFacts, pushSupport, type PushSupport } from '../push-support';
import { useDisableThisDevice, useEnableThisDevice } from '../use-device-push';
import './notifications.css';

const KINDS: { key: keyof PushSettingsInput; label: string; hint: string }[] = [
  { key: 'newConnection', label: 'New connections', hint: 'When someone you liked likes you back.' },
  { key: 'eventReminder', label: 'Event reminders', hint: 'An hour before an event you joined, with your goal.' },
  { key: 'meetings', label: 'Meetings', hint: 'Requests, answers, new times and cancels, and 10 minutes before a meeting.' },
  { key: 'messages', label: 'Messages', hint: 'A new message, when its conversation is not open on your screen.' },
];

/**
 * The profile's notification settings: notifications on or off for this device (the
 * browser asks for permission only when the member turns them on here or in the prompt after a
 * connection), and which kinds the member wants on all their devices.
 */
export function NotificationSettings({ support: given }: { support?: PushSupport }) {
  const headingId = useId();
  const [support] = useState(() => given ?? pushSupport(browserFacts()));
  const settings = usePushSettings();
  const update = useUpdatePushSettings();
  const enable = useEnableThisDevice();
  const disable = useDisableThisDevice();
  // The choice just made, shown in the same render as the press: a mutation's pending state reaches
  // React a tick later, and a controlled checkbox would snap back for that tick.
  const [deviceIntent, setDeviceIntent] = useState<boolean | null>(null);
  const [kindsIntent, setKindsIntent] = useState<PushSettingsInput | null>(null);

  let body;
  if (settings.isPending) body = <Spinner label="Loading notification settings" />;
  else if (settings.isError)
    body = (
      <div className="notification-settings-error" role="alert">
        <p>Could not load your notification settings.</p>
        <Button variant="secondary" size="sm" onClick={() => void settings.refetch()}>
          Try again
        </Button>
      </div>
    );
  else {
    const current = kindsIntent ? { ...settings.data, ...kindsIntent } : settings.data;
    const deviceOn = current.thisDevice && support === 'available' && Notification.permission === 'granted';
    const deviceBusy = deviceIntent !== null || enable.isPending || disable.isPending;
    const deviceError = enable.error ?? disable.error;
    body = (
      <>
        {support === 'available' ? (
          <label className="notification-toggle">
            <input
              type="checkbox"
              checked={deviceIntent ?? deviceOn}
              disabled={deviceBusy}
              onChange={(event) => {
                const on = event.target.checked;
                setDeviceIntent(on);
                (on ? enable : disable).mutate(undefined, { onSettled: () => setDeviceIntent(null) });
              }}
            />
            <span>
              <span className="notification-toggle-label">On this device</span>
              <span className="notification-toggle-hint">Notifications on this phone or computer, also while Mingle is closed.</span>
            </span>
          </label>
        ) : (
          <p className="notification-note">{support === 'needs-home-screen' ? HOME_SCREEN_TEXT : support === 'blocked' ? BLOCKED_TEXT : UNSUPPORTED_TEXT}</p>
        )}
        {deviceIntent === true && (
          <p className="notification-progress" role="status">
            Turning on notifications on this device…
          </p>
        )}
        {deviceError && (
          <p className="notification-error" role="alert">
            {devicePushErrorText(deviceError)}
          </p>
        )}
        <fieldset className="notification-kinds">
          <legend>Notify me about</legend>
          {KINDS.map(({ key, label, hint }) => (
            <label key={key} className="notification-toggle">
              <input
                type="checkbox"
                checked={current[key]}
                disabled={kindsIntent !== null}
                onChange={(event) => {
                  const wanted = {
                    newConnection: current.newConnection,
                    eventReminder: current.eventReminder,
                    meetings: current.meetings,
                    messages: current.messages,
                    [key]: event.target.checked,
                  };
                  setKindsIntent(wanted);
                  update.mutate(wanted, { onSettled: () => setKindsIntent(null) });
                }}
              />
              <span>
                <span className="notification-toggle-label">{label}</span>
                <span className="notification-toggle-hint">{hint}</span>
              </span>
            </label>
          ))}
        </fieldset>
        {update.isError && (
          <p className="notification-error" role="alert">
            {errorMessage(update.error)}
          </p>
        )}
      </>
    );
  }
  return (
    <section className="card notification-settings" aria-labelledby={headingId}>
      <h2 id={headingId} className="notification-settings-title">
        Notifications
      </h2>
      {body}
    </section>
  );
}
