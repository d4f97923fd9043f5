import { toast } from '../../ui/toast-store';
import { aiConsentErrorText, useAiConsent, useSetAiConsent } from './api/ai-consent';

/** The AI recommendations choice in 'Manage Data Preferences & Consents': the same consent as the events list's switch. */
export function AiConsentToggle() {
  const consent = useAiConsent();
  const setConsent = useSetAiConsent();
  if (!consent.data) return null;
  return (
    <fieldset className="data-preferences-group">
      <legend>AI</legend>
      <label className="data-preferences-toggle">
        <input
          type="checkbox"
          checked={setConsent.isPending ? setConsent.variables : consent.data.consent === true}
          disabled={setConsent.isPending}
          onChange={(event) =>
            setConsent.mutate(event.target.checked, {
              onError: (error) => toast({ title: 'Error', description: aiConsentErrorText(error), variant: 'destructive' }),
            })
          }
        />
        <span>
          <span className="data-preferences-label">AI recommendations</span>
          <span className="data-preferences-hint">Events picked for you from your profile, the events you join and your network. Off removes them.</span>
        </span>
      </label>
    </fieldset>
  );
}
