import { Button } from '../../../ui/Button';
import { RefreshIcon } from '../../../ui/event-icons';

/** 'Error loading events: {message}' with Retry (docs/product.md section 8). */
export function ListError({ message, onRetry, compact = false }: { message: string; onRetry: () => void; compact?: boolean }) {
  return (
    <div className={`events-error${compact ? ' events-error--compact' : ''}`} role="alert">
      <p className="events-error-text">Error loading events: {message}</p>
      <Button variant="secondary" size="sm" onClick={onRetry}>
        <RefreshIcon size={16} />
        Retry
      </Button>
    </div>
  );
}
