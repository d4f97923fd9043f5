import { Link, useLocation } from 'wouter';
import { NAV_ITEMS } from './nav-items';

/** Mobile navigation (under 768 px): a fixed bar at the bottom. */
export function BottomNav() {
  const [location] = useLocation();
  return (
    <nav className="bottom-nav" aria-label="Main">
      <ul>
        {NAV_ITEMS.map((item) => {
          const Icon = item.icon;
          return (
            <li key={item.href}>
              <Link href={item.href} className="bottom-nav-link" aria-current={item.matches(location) ? 'page' : undefined}>
                <Icon />
                <span>{item.label}</span>
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
