import { useId, useState } from 'react';
import { ApiError, errorMessage } from '../../../lib/api-client';
import { Button } from '../../../ui/Button';
import { CodeInput } from '../../../ui/CodeInput';
import { Dialog } from '../../../ui/Dialog';
import { toast } from '../../../ui/toast-store';
import { useMe } from '../../../lib/signed-in-member';
import { useDeleteAccount } from '../../auth/api/delete-account';
import { useDownloadMyData } from '../../auth/api/export-data';
import { useRequestLoginPin } from '../../auth/api/request-login-pin';
import { AiConsentToggle } from '../../recommendations/ai-consent-toggle';
import { ConsentToggles, SavedAnalyticsToggle } from './ConsentToggles';
import './consent.css';

/**
 * 'Manage Data Preferences & Consents' (docs/product.md sections 2, 4, 8 and 15): the product
 * updates and event marketing consents (saved or revoked on the server at once), AI
 * recommendations, the analytics cookies choice (this device only), 'Download my data' and 'Delete
 * my account', which asks for a sign-in code mailed to the member first.
 */
export function DataPreferencesDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  return (
    <Dialog open={open} onClose={onClose} title="Manage Data Preferences & Consents" className="data-preferences">
      <ConsentToggles />
      <AiConsentToggle />
      <SavedAnalyticsToggle />
      <DownloadData />
      <DeleteAccount />
      <div className="data-preferences-actions">
        <Button variant="secondary" onClick={onClose}>
          Done
        </Button>
      </div>
    </Dialog>
  );
}

function DownloadData() {
  const download = useDownloadMyData();
  return (
    <section className="data-preferences-group" aria-label="Your data">
      <p className="data-preferences-hint">A copy of everything Mingle holds about you, as a JSON file.</p>
      <Button
        variant="secondary"
        loading={download.isPending}
        onClick={() => download.mutate(undefined, { onError: (error) => toast({ title: 'Error', description: errorMessage(error), variant: 'destructive' }) })}
      >
        Download my data
      </Button>
    </section>
  );
}

/** Two steps: a code mailed to the member, then the code and the final button. */
function DeleteAccount() {
  const { me } = useMe();
  const requestCode = useRequestLoginPin();
  const erase = useDeleteAccount();
  const [step, setStep] = useState<'closed' | 'warned' | 'code'>('closed');
  const [code, setCode] = useState('');
  const warningId = useId();
  if (!me) return null;

  const sendCode = () =>
    requestCode.mutate(
      { email: me.email },
      {
        onSuccess: () => setStep('code'),
        onError: (error) => toast({ title: 'Error', description: errorMessage(error), variant: 'destructive' }),
      },
    );
  const confirm = () =>
    erase.mutate(code, {
      onError: (error) => {
        const expired = error instanceof ApiError && error.message === 'Pin expired';
        toast({
          title: expired ? 'Code expired' : 'Error',
          description: expired
            ? 'Ask for a new code to delete your account.'
            : errorMessage(error) === 'Invalid pin'
              ? 'Invalid verification code. Please try again.'
              : errorMessage(error),
          variant: 'destructive',
        });
        if (expired) {
          setCode('');
          setStep('warned');
        }
      },
    });

  return (
    <section className="data-preferences-group data-preferences-danger" aria-label="Delete my account">
      {step === 'closed' ? (
        <Button variant="danger" onClick={() => setStep('warned')}>
          Delete my account
        </Button>
      ) : (
        <>
          <p id={warningId} className="data-preferences-warning">
            Deleting your account removes your profile, photo, connections, swipes and everything else about you from Mingle. It cannot be undone. Community
            events you created stay for the people attending them.
          </p>
          {step === 'warned' ? (
            <div className="data-preferences-row">
              <Button variant="secondary" onClick={() => setStep('closed')}>
                Cancel
              </Button>
              <Button variant="danger" loading={requestCode.isPending} onClick={sendCode} aria-describedby={warningId}>
                Email me a code
              </Button>
            </div>
          ) : (
            <>
              <CodeInput label={`Code sent to ${me.email}`} value={code} onChange={setCode} autoFocus />
              <div className="data-preferences-row">
                <Button variant="secondary" onClick={() => setStep('closed')}>
                  Cancel
                </Button>
                <Button variant="danger" disabled={code.length !== 6} loading={erase.isPending} onClick={confirm} aria-describedby={warningId}>
                  Delete my account for good
                </Button>
              </div>
            </>
          )}
        </>
      )}
    </section>
  );
}
