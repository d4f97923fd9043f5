import { Link, useLocation } from 'wouter';
import { PanelLeftIcon } from '../../ui/icons';
import { NAV_ITEMS } from './nav-items';

/** Desktop navigation: 16rem wide, or 3rem of icons when collapsed. */
export function Sidebar({ open, onToggle }: { open: boolean; onToggle: () => void }) {
  const [location] = useLocation();
  return (
    <aside className="sidebar" data-state={open ? 'expanded' : 'collapsed'}>
      <div className="sidebar-header">
        <Link href="/events" className="sidebar-brand" aria-label="Mingle, events">
          <span className="brand-mark" aria-hidden="true">
            M
          </span>
          <span className="sidebar-label" aria-hidden="true">
            Mingle
          </span>
        </Link>
      </div>
      <nav className="sidebar-nav" aria-label="Main">
        <ul>
          {NAV_ITEMS.map((item) => {
            const Icon = item.icon;
            return (
              <li key={item.href}>
                <Link
                  href={item.href}
                  className="sidebar-link"
                  aria-current={item.matches(location) ? 'page' : undefined}
                  title={open ? undefined : item.label}
                >
                  <Icon />
                  <span className="sidebar-label">{item.label}</span>
                </Link>
              </li>
            );
          })}
        </ul>
      </nav>
      <button
        type="button"
        className="sidebar-toggle"
        onClick={onToggle}
        aria-expanded={open}
        aria-keyshortcuts="Control+B Meta+B"
        title="Toggle sidebar (Ctrl+B)"
      >
        <PanelLeftIcon />
        <span className="sidebar-label">{open ? 'Collapse sidebar' : 'Expand sidebar'}</span>
      </button>
    </aside>
  );
}
