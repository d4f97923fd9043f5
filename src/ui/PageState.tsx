import type { EmptyStateProps } from './EmptyState';
import './empty-state.css';

/**
 * An empty state that is the whole page (an event that cannot be shown): it looks like EmptyState,
 * and its title is the page's heading (h1), so the page has one.
 */
export function PageState({ icon, title, children, action }: EmptyStateProps) {
  return (
    <div className="empty-state">
      {icon && <div className="empty-state-icon">{icon}</div>}
      <h1 className="empty-state-title">{title}</h1>
      {children && <div className="empty-state-text">{children}</div>}
      {action && <div className="empty-state-action">{action}</div>}
    </div>
  );
}
