import { useState } from 'react';
import { Button } from '../../../ui/Button';
import { Dialog } from '../../../ui/Dialog';
import { readCookieChoice, type CookieChoice } from '../cookie-consent';
import { AnalyticsToggle, ConsentToggles } from './ConsentToggles';

/**
 * The cookie banner's 'Manage consent' dialog (docs/product.md section 2): the cookies_tracking choice,
 * taken when the member saves it, and for a signed-in member the product_updates and
 * event_marketing consents, saved on the server as they are toggled. Analytics start off unless
 * chosen before: consent is never assumed.
 */
export default function ManageConsentDialog({ onClose, onSave }: { onClose: () => void; onSave: (choice: CookieChoice) => void }) {
  const [analytics, setAnalytics] = useState(() => readCookieChoice() === 'all');
  return (
    <Dialog open onClose={onClose} title="Manage consent" className="data-preferences">
      <ConsentToggles />
      <AnalyticsToggle on={analytics} onChange={setAnalytics} />
      <div className="data-preferences-actions">
        <Button variant="secondary" onClick={onClose}>
          Cancel
        </Button>
        <Button onClick={() => onSave(analytics ? 'all' : 'essential')}>Save choices</Button>
      </div>
    </Dialog>
  );
}
