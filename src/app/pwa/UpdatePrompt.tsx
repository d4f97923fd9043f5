import { useEffect, useSyncExternalStore, type CSSProperties } from 'react';
import { applyUpdate, dismissUpdate, getSnapshot, registerServiceWorker, subscribe } from './register-sw';

/**
 * Registers the service worker when mounted and, when a new version is waiting, shows a small banner
 * 'New version available' with 'Reload'. It never blocks the page: the user can keep working, or
 * dismiss it; the new version then takes over at the next start.
 */
export function UpdatePrompt() {
  const { updateWaiting } = useSyncExternalStore(subscribe, getSnapshot, getSnapshot);

  useEffect(() => {
    registerServiceWorker();
  }, []);

  if (!updateWaiting) return null;
  return (
    <div role="status" aria-live="polite" style={styles.banner}>
      <span>New version available</span>
      <button type="button" style={styles.primary} onClick={() => void applyUpdate()}>
        Reload
      </button>
      <button type="button" style={styles.secondary} aria-label="Dismiss" onClick={dismissUpdate}>
        ×
      </button>
    </div>
  );
}

const styles = {
  banner: {
    position: 'fixed',
    insetInline: 0,
    top: 'calc(env(safe-area-inset-top, 0px) + 0.75rem)',
    marginInline: 'auto',
    width: 'max-content',
    maxWidth: 'calc(100vw - 1.5rem)',
    zIndex: 60,
    display: 'flex',
    alignItems: 'center',
    gap: '0.75rem',
    padding: '0.5rem 0.5rem 0.5rem 1rem',
    borderRadius: '0.75rem',
    background: '#1e1b4b',
    color: '#ffffff',
    fontSize: '0.875rem',
    boxShadow: '0 8px 24px rgb(0 0 0 / 0.2)',
  },
  primary: {
    border: 0,
    borderRadius: '0.5rem',
    padding: '0.375rem 0.75rem',
    background: '#4f46e5',
    color: '#ffffff',
    font: 'inherit',
    fontWeight: 600,
    cursor: 'pointer',
  },
  secondary: {
    border: 0,
    background: 'transparent',
    color: 'inherit',
    font: 'inherit',
    fontSize: '1.125rem',
    lineHeight: 1,
    padding: '0.25rem 0.5rem',
    cursor: 'pointer',
  },
} satisfies Record<string, CSSProperties>;
