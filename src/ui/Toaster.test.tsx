import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { preloadToastItem, Toaster } from './Toaster';
import { TOAST_REMOVE_DELAY, toast, useToastStore } from './toast-store';

// A notice's own code loads after the first screen (Toaster.tsx); here it is there from the start.
beforeAll(() => preloadToastItem());
beforeEach(() => {
  vi.useFakeTimers();
  useToastStore.setState({ toasts: [] });
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

const show = (input: Parameters<typeof toast>[0]) => act(() => void toast(input));
const advance = (ms: number) => act(() => void vi.advanceTimersByTime(ms));

describe('notices', () => {
  it('shows one notice at a time: a new one replaces the one on screen', () => {
    render(<Toaster />);
    show({ title: 'First', description: 'one' });
    expect(screen.getByText('First')).toBeTruthy();
    show({ title: 'Second', description: 'two' });
    expect(screen.queryByText('First')).toBeNull();
    expect(screen.getByText('Second')).toBeTruthy();
    expect(screen.getAllByRole('status')).toHaveLength(1);
    // A status is not a list item: no list around it (axe's 'list' rule, and screen readers
    // announcing 'list, 1 item' before each notice).
    expect(screen.queryByRole('list')).toBeNull();
  });

  it('closes after 5000 ms by default', () => {
    render(<Toaster />);
    show({ title: 'Saved' });
    advance(4999);
    expect(screen.getByText('Saved')).toBeTruthy();
    advance(1);
    expect(screen.queryByText('Saved')).toBeNull();
  });

  it('honours a shorter duration (the 3000 ms congratulation)', () => {
    render(<Toaster />);
    show({ title: 'Congratulations! 🎉', duration: 3000 });
    advance(2999);
    expect(screen.getByText('Congratulations! 🎉')).toBeTruthy();
    advance(1);
    expect(screen.queryByText('Congratulations! 🎉')).toBeNull();
  });

  it('keeps a dismissed notice (closed) for 1,000,000 ms before removing it', () => {
    render(<Toaster />);
    show({ title: 'Bye' });
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.queryByText('Bye')).toBeNull();
    expect(useToastStore.getState().toasts).toMatchObject([{ title: 'Bye', open: false }]);
    advance(TOAST_REMOVE_DELAY - 1);
    expect(useToastStore.getState().toasts).toHaveLength(1);
    advance(1);
    expect(useToastStore.getState().toasts).toHaveLength(0);
  });

  it('is dismissed by a swipe right of 50 px, not by a shorter one or a swipe left', () => {
    render(<Toaster />);
    show({ title: 'Swipe me' });
    const notice = screen.getByRole('status');

    fireEvent.pointerDown(notice, { clientX: 100, pointerId: 1, button: 0 });
    fireEvent.pointerMove(notice, { clientX: 149, pointerId: 1 });
    fireEvent.pointerUp(notice, { clientX: 149, pointerId: 1 });
    expect(screen.getByText('Swipe me')).toBeTruthy();

    fireEvent.pointerDown(notice, { clientX: 100, pointerId: 1, button: 0 });
    fireEvent.pointerUp(notice, { clientX: 20, pointerId: 1 });
    expect(screen.getByText('Swipe me')).toBeTruthy();

    fireEvent.pointerDown(notice, { clientX: 100, pointerId: 1, button: 0 });
    fireEvent.pointerMove(notice, { clientX: 150, pointerId: 1 });
    fireEvent.pointerUp(notice, { clientX: 150, pointerId: 1 });
    expect(screen.queryByText('Swipe me')).toBeNull();
  });

  it('shows the destructive variant', () => {
    render(<Toaster />);
    show({ title: 'Error', description: 'A server error occurred.', variant: 'destructive' });
    expect(screen.getByRole('status').className).toContain('toast--destructive');
  });

  it('F8 moves focus to the notification region', () => {
    render(<Toaster />);
    const region = screen.getByRole('region', { name: 'Notifications (F8)' });
    expect(region.getAttribute('aria-live')).toBe('polite');
    fireEvent.keyDown(window, { key: 'F8' });
    expect(document.activeElement).toBe(region);
  });

  it('does not close while the pointer is over it', () => {
    render(<Toaster />);
    show({ title: 'Reading' });
    fireEvent.pointerEnter(screen.getByRole('status'));
    advance(10_000);
    expect(screen.getByText('Reading')).toBeTruthy();
    fireEvent.pointerLeave(screen.getByRole('status'));
    advance(5000);
    expect(screen.queryByText('Reading')).toBeNull();
  });
});
