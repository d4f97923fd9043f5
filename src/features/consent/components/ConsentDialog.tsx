import { useState, type FormEvent } from 'react';
import { Link } from 'wouter';
import { errorMessage } from '../../../lib/api-client';
import { PRIVACY_PATH, TERMS_PATH } from '../../../lib/legal-paths';
import { Button } from '../../../ui/Button';
import { Dialog } from '../../../ui/Dialog';
import { Checkbox } from '../../../ui/Field';
import { toast } from '../../../ui/toast-store';
import { useCreateConsents } from '../api/create-consents';
import { canContinue, consentsToSave, type ConsentChoice } from '../consent-choice';
import './consent.css';

/**
 * The blocking consent dialog of docs/product.md section 4: shown to a signed-in member without terms and
 * privacy consent. It cannot be dismissed (no Escape, no backdrop click); ticking terms and
 * privacy enables Continue. Each links to its page, over which the app does not show the dialog,
 * so the member can read what they accept and come back.
 */
export function ConsentDialog() {
  const [choice, setChoice] = useState<ConsentChoice>({ terms: false, privacy: false, productUpdates: false, eventMarketing: false });
  const save = useCreateConsents();
  const set = (key: keyof ConsentChoice) => (event: { target: { checked: boolean } }) => setChoice({ ...choice, [key]: event.target.checked });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!canContinue(choice)) return;
    save.mutate(consentsToSave(choice), {
      onError: (error) => toast({ title: 'Failed to update preferences', description: errorMessage(error), variant: 'destructive' }),
    });
  };

  return (
    <Dialog open title="Before you start" description="Please accept our terms and privacy policy to use Mingle." className="consent-dialog">
      <form className="consent-form" onSubmit={submit}>
        <fieldset className="consent-group">
          <legend className="consent-legend">Required</legend>
          <Checkbox
            label="I accept the Terms of Service"
            description={
              <>
                The rules for using Mingle and meeting people through it. <Link href={TERMS_PATH}>Read the Terms of Service</Link>
              </>
            }
            checked={choice.terms}
            onChange={set('terms')}
          />
          <Checkbox
            label="I accept the Privacy Policy"
            description={
              <>
                Your profile is shown to other attendees of the events you join. <Link href={PRIVACY_PATH}>Read the Privacy Policy</Link>
              </>
            }
            checked={choice.privacy}
            onChange={set('privacy')}
          />
        </fieldset>
        <fieldset className="consent-group">
          <legend className="consent-legend">Optional</legend>
          <Checkbox
            label="Product updates"
            description="Occasional e-mails about new features."
            checked={choice.productUpdates}
            onChange={set('productUpdates')}
          />
          <Checkbox
            label="Event recommendations"
            description="E-mails about events we think you'll like."
            checked={choice.eventMarketing}
            onChange={set('eventMarketing')}
          />
        </fieldset>
        <Button type="submit" size="lg" block disabled={!canContinue(choice)} loading={save.isPending || save.isSuccess}>
          Continue
        </Button>
      </form>
    </Dialog>
  );
}
