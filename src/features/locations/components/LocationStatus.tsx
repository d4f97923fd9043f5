import type { LocationListState } from '../picker-options';
import { Button } from '../../../ui/Button';
import { Spinner } from '../../../ui/Spinner';

export const LOCATIONS_ERROR_TEXT = 'Could not load locations';
export const LOCATIONS_EMPTY_TEXT = 'No locations found';
export const LOCATIONS_OFFLINE_TEXT = "You're offline. Locations can be searched once you're back online.";

/** What the list area says instead of (or below) the options. */
export function LocationStatus({ state, onRetry }: { state: LocationListState; onRetry(): void }) {
  switch (state) {
    case 'loading':
      return (
        <div className="location-status">
          <Spinner label="Loading locations" />
        </div>
      );
    case 'offline':
      return (
        <p className="location-status location-status--note" role="status">
          {LOCATIONS_OFFLINE_TEXT}
        </p>
      );
    case 'error':
      return (
        <div className="location-status location-status--error" role="alert">
          <span>{LOCATIONS_ERROR_TEXT}</span>
          <Button variant="secondary" size="sm" onClick={onRetry}>
            Retry
          </Button>
        </div>
      );
    case 'empty':
      return (
        <p className="location-status location-status--note" role="status">
          {LOCATIONS_EMPTY_TEXT}
        </p>
      );
    default:
      return null;
  }
}
