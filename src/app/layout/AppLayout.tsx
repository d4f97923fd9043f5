import type { ReactNode } from 'react';
import { CookieBannerSlot } from '../../features/consent/components/CookieBannerSlot';
import { UpdatePromptSlot } from '../pwa/UpdatePromptSlot';
import { BottomNav } from './BottomNav';
import { Sidebar } from './Sidebar';
import { useSidebar } from './sidebar-state';
import './layout.css';

/**
 * The frame of every screen: sidebar (desktop) or bottom bar (mobile) when `showNav`, the screen,
 * the cookie banner and the update prompt.
 */
export function AppLayout({ showNav, children }: { showNav: boolean; children: ReactNode }) {
  const sidebar = useSidebar(showNav);
  return (
    <div className={showNav ? 'app-shell app-shell--nav' : 'app-shell'} data-sidebar={sidebar.open ? 'expanded' : 'collapsed'}>
      {showNav && (
        <a className="skip-link" href="#main">
          Skip to content
        </a>
      )}
      {showNav && <Sidebar open={sidebar.open} onToggle={sidebar.toggle} />}
      <main id="main" className="app-main" tabIndex={-1}>
        {children}
      </main>
      {showNav && <BottomNav />}
      <CookieBannerSlot />
      <UpdatePromptSlot />
    </div>
  );
}
