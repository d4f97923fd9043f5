import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Sidebar } from './Sidebar';
import { SIDEBAR_COOKIE, isSidebarShortcut, useSidebar } from './sidebar-state';

function Harness() {
  const sidebar = useSidebar(true);
  return <Sidebar open={sidebar.open} onToggle={sidebar.toggle} />;
}

const clearCookie = () => (document.cookie = `${SIDEBAR_COOKIE}=; path=/; max-age=0`);
const toggle = () => screen.getByRole('button', { name: /sidebar/ });

beforeEach(clearCookie);
afterEach(() => {
  cleanup();
  clearCookie();
});

describe('sidebar', () => {
  it('starts expanded, with the three entries', () => {
    render(<Harness />);
    expect(toggle().getAttribute('aria-expanded')).toBe('true');
    expect(screen.getByRole('link', { name: 'Events' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Feed' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Profile' })).toBeTruthy();
  });

  it('toggles with ctrl+b and meta+b and keeps the state in a cookie', () => {
    render(<Harness />);
    fireEvent.keyDown(window, { key: 'b', ctrlKey: true });
    expect(toggle().getAttribute('aria-expanded')).toBe('false');
    expect(toggle().textContent).toBe('Expand sidebar');
    expect(document.cookie).toContain(`${SIDEBAR_COOKIE}=false`);

    cleanup();
    render(<Harness />);
    expect(toggle().getAttribute('aria-expanded')).toBe('false');

    fireEvent.keyDown(window, { key: 'b', metaKey: true });
    expect(toggle().getAttribute('aria-expanded')).toBe('true');
    expect(document.cookie).toContain(`${SIDEBAR_COOKIE}=true`);
  });

  it('toggles with its button', () => {
    render(<Harness />);
    fireEvent.click(toggle());
    expect(toggle().textContent).toBe('Expand sidebar');
    expect(document.cookie).toContain(`${SIDEBAR_COOKIE}=false`);
  });

  it('ignores b alone and other modifier combinations', () => {
    expect(isSidebarShortcut({ key: 'b', ctrlKey: false, metaKey: false, altKey: false, shiftKey: false })).toBe(false);
    expect(isSidebarShortcut({ key: 'B', ctrlKey: true, metaKey: false, altKey: false, shiftKey: true })).toBe(false);
    expect(isSidebarShortcut({ key: 'b', ctrlKey: true, metaKey: false, altKey: true, shiftKey: false })).toBe(false);
    expect(isSidebarShortcut({ key: 'B', ctrlKey: false, metaKey: true, altKey: false, shiftKey: false })).toBe(true);
  });
});
