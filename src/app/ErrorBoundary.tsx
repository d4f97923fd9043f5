import { Component, type ErrorInfo, type ReactNode } from 'react';
import '../ui/button.css';
import './error-boundary.css';

interface State {
  error: Error | null;
}

/**
 * Catches rendering errors (including a lazy screen that failed to load after a new deploy) and
 * offers a reload instead of a blank page.
 */
export class ErrorBoundary extends Component<{ children: ReactNode }, State> {
  override state: State = { error: null };

  static getDerivedStateFromError(error: Error): State {
    return { error };
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    console.error('Unhandled error while rendering', error, info.componentStack);
  }

  override render() {
    if (!this.state.error) return this.props.children;
    return (
      <div className="error-boundary" role="alert">
        <h1 className="error-boundary-title">Something went wrong</h1>
        <p className="error-boundary-text">An unexpected error stopped this page. Reloading usually fixes it.</p>
        <button type="button" className="btn btn--primary btn--md" onClick={() => window.location.reload()}>
          Reload
        </button>
      </div>
    );
  }
}
