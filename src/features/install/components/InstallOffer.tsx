import { useId, useState } from 'react';
import { Button } from '../../../ui/Button';
import { XIcon } from '../../../ui/icons';
import type { InstallOffer as Offer } from '../install-offer';
import '../../../ui/floating-bar.css';
import './install-offer.css';

export interface InstallOfferProps {
  offer: Offer;
  /** Opens the browser's install dialog (kind 'prompt'). */
  onInstall: () => void;
  /** 'Not now' or the close button: remembered for 30 days. */
  onDismiss: () => void;
}

/**
 * 'Install Mingle': beside the navigation (the sidebar's foot on desktop, a small bar above the
 * bottom bar on phones) or, right after a join, a card that says why. On iPhone and iPad Safari,
 * which cannot install from a button, the same offer shows how to add the app to the home screen.
 */
export function InstallOffer({ offer, onInstall, onDismiss }: InstallOfferProps) {
  const titleId = useId();
  const [stepsOpen, setStepsOpen] = useState(offer.place === 'join');
  const showSteps = offer.kind === 'ios' && stepsOpen;
  const compact = offer.place === 'nav' && !showSteps;
  return (
    <aside className={`floating-bar install-offer install-offer--${compact ? 'nav' : 'card'}`} aria-labelledby={titleId} data-testid="install-offer">
      {compact ? (
        <>
          <Button size="sm" id={titleId} className="install-offer-main" onClick={offer.kind === 'ios' ? () => setStepsOpen(true) : onInstall}>
            Install Mingle
          </Button>
          <button type="button" className="floating-bar-close" aria-label="Dismiss install offer" onClick={onDismiss}>
            <XIcon />
          </button>
        </>
      ) : (
        <>
          <p className="install-offer-title" id={titleId}>
            Install Mingle
          </p>
          {showSteps ? (
            <>
              <p className="install-offer-text">Add Mingle to your Home Screen to open it like an app and get notifications:</p>
              <ol className="install-offer-steps">
                <li>
                  Tap the Share button <ShareGlyph /> in Safari&apos;s toolbar.
                </li>
                <li>Choose &apos;Add to Home Screen&apos;.</li>
              </ol>
            </>
          ) : (
            <p className="install-offer-text">Keep your events and connections one tap away, also without network at the venue.</p>
          )}
          <div className="install-offer-actions">
            {!showSteps && (
              <Button size="sm" onClick={onInstall}>
                Install Mingle
              </Button>
            )}
            <Button size="sm" variant="ghost" onClick={onDismiss}>
              Not now
            </Button>
          </div>
        </>
      )}
    </aside>
  );
}

/** Safari's share symbol (a box with an arrow up), so the member recognises the button. */
function ShareGlyph() {
  return (
    <svg
      className="install-offer-share"
      width="16"
      height="16"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
      role="img"
      aria-label="(a square with an arrow pointing up)"
    >
      <path d="M12 3v12M8 7l4-4 4 4M6 11H5a1 1 0 0 0-1 1v8a1 1 0 0 0 1 1h14a1 1 0 0 0 1-1v-8a1 1 0 0 0-1-1h-1" />
    </svg>
  );
}
