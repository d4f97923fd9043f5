import { useState } from 'react';
import type { ConsentType } from '../../../../contract/consent';
import { toast } from '../../../ui/toast-store';
import { useMe } from '../../../lib/signed-in-member';
import { loadAnalytics } from '../analytics';
import { useCreateConsents } from '../api/create-consents';
import { useRevokeConsent } from '../api/revoke-consent';
import { readCookieChoice, saveCookieChoice } from '../cookie-consent';
import './consent.css';

/** The optional consents a member turns on and off here (terms and privacy stay: the app needs them). */
const OPTIONAL: Array<{ type: ConsentType; label: string; hint: string }> = [
  { type: 'product_updates', label: 'Product updates', hint: 'E-mails about new features of Mingle.' },
  { type: 'event_marketing', label: 'Event marketing', hint: 'E-mails about events you may like.' },
];

/** product_updates and event_marketing (docs/product.md section 2), saved or revoked on the server at once; nothing for a visitor. */
export function ConsentToggles() {
  const { me } = useMe();
  const grant = useCreateConsents();
  const revoke = useRevokeConsent();
  // The member's choice shows at once; a refusal puts the box back and says so.
  const [pending, setPending] = useState<Partial<Record<ConsentType, boolean>>>({});
  if (!me) return null;
  const active = (type: ConsentType) => me.consents.find((consent) => consent.type === type && !consent.revokedAt);
  const settle = (type: ConsentType) => setPending(({ [type]: _settled, ...rest }) => rest);

  const toggle = (type: ConsentType, on: boolean) => {
    const current = active(type);
    setPending((prev) => ({ ...prev, [type]: on }));
    const failed = (description: string) => () => toast({ title: 'Error', description, variant: 'destructive' });
    if (on && !current) grant.mutate([type], { onError: failed('Failed to update preferences'), onSettled: () => settle(type) });
    else if (!on && current) revoke.mutate(current.id, { onError: failed('Failed to revoke consent'), onSettled: () => settle(type) });
    else settle(type);
  };

  return (
    <fieldset className="data-preferences-group">
      <legend>E-mails</legend>
      {OPTIONAL.map(({ type, label, hint }) => (
        <label key={type} className="data-preferences-toggle">
          <input
            type="checkbox"
            checked={pending[type] ?? Boolean(active(type))}
            disabled={pending[type] !== undefined}
            onChange={(event) => toggle(type, event.target.checked)}
          />
          <span>
            <span className="data-preferences-label">{label}</span>
            <span className="data-preferences-hint">{hint}</span>
          </span>
        </label>
      ))}
    </fieldset>
  );
}

/** cookies_tracking of docs/product.md: a choice kept on this device; analytics load once it is on. */
export function AnalyticsToggle({ on, onChange }: { on: boolean; onChange: (on: boolean) => void }) {
  return (
    <fieldset className="data-preferences-group">
      <legend>This device</legend>
      <label className="data-preferences-toggle">
        <input type="checkbox" checked={on} onChange={(event) => onChange(event.target.checked)} />
        <span>
          <span className="data-preferences-label">Analytics cookies</span>
          <span className="data-preferences-hint">Help us learn how Mingle is used. Turning them off takes effect the next time the app opens.</span>
        </span>
      </label>
    </fieldset>
  );
}

/** The analytics choice saved as it is toggled (the data preferences dialog). */
export function SavedAnalyticsToggle() {
  const [on, setOn] = useState(() => readCookieChoice() === 'all');
  return (
    <AnalyticsToggle
      on={on}
      onChange={(next) => {
        saveCookieChoice(next ? 'all' : 'essential');
        setOn(next);
        if (next) loadAnalytics();
      }}
    />
  );
}
