import { useEffect, useRef, useState, type PointerEvent } from 'react';
import { TOAST_SWIPE_THRESHOLD, useToastStore, type Toast } from './toast-store';
import { Link } from 'wouter';
import { XIcon } from './icons';
import './toast-action.css';
import { keepNoticeRoom } from './notice-room-tracker';

/** One notice: closes after its duration (paused while hovered or focused), with its close button, or by a swipe to the right. */
export function ToastItem({ toast }: { toast: Toast }) {
  useEffect(keepNoticeRoom, []);
  const dismiss = useToastStore((s) => s.dismiss);
  const [paused, setPaused] = useState(false);
  const [swipeX, setSwipeX] = useState(0);
  const remaining = useRef(toast.duration);
  const swipeStart = useRef<number | null>(null);

  useEffect(() => {
    if (paused || !Number.isFinite(remaining.current)) return;
    const startedAt = Date.now();
    const timer = setTimeout(() => dismiss(toast.id), Math.max(0, remaining.current));
    return () => {
      clearTimeout(timer);
      remaining.current -= Date.now() - startedAt;
    };
  }, [paused, toast.id, dismiss]);

  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    // A press on the notice's link or button is a click, not the start of a swipe (a captured pointer would take the click from it).
    if (event.button !== 0 || (event.target as Element).closest('a, button')) return;
    swipeStart.current = event.clientX;
    event.currentTarget.setPointerCapture?.(event.pointerId);
  };
  const onPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    if (swipeStart.current === null) return;
    // Only a swipe to the right counts; dragging left does not move the notice.
    setSwipeX(Math.max(0, event.clientX - swipeStart.current));
  };
  const onPointerUp = (event: PointerEvent<HTMLDivElement>) => {
    if (swipeStart.current === null) return;
    const distance = event.clientX - swipeStart.current;
    swipeStart.current = null;
    if (distance >= TOAST_SWIPE_THRESHOLD) dismiss(toast.id);
    else setSwipeX(0);
  };
  const onPointerCancel = () => {
    swipeStart.current = null;
    setSwipeX(0);
  };

  return (
    <div
      className={`toast toast--${toast.variant}${swipeX > 0 ? ' toast--swiping' : ''}`}
      role="status"
      aria-atomic="true"
      style={swipeX > 0 ? { transform: `translateX(${swipeX}px)`, opacity: Math.max(0.3, 1 - swipeX / 200) } : undefined}
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={onPointerUp}
      onPointerCancel={onPointerCancel}
      onPointerEnter={() => setPaused(true)}
      onPointerLeave={() => setPaused(false)}
      onFocus={() => setPaused(true)}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setPaused(false);
      }}
    >
      <div className="toast-body">
        {/* The actions beside the title: the notice is no taller for them (a short phone has no room). */}
        <div className="toast-head">
          {toast.title && <div className="toast-title">{toast.title}</div>}
          {toast.actions && (
            <span className="toast-actions">
              {toast.actions.map((action) => (
                <Link key={action.href} href={action.href} className="toast-action" onClick={() => dismiss(toast.id)}>
                  {action.label}
                </Link>
              ))}
            </span>
          )}
        </div>
        {toast.description && <div className="toast-description">{toast.description}</div>}
      </div>
      <button type="button" className="toast-close" aria-label="Close" onClick={() => dismiss(toast.id)}>
        <XIcon />
      </button>
    </div>
  );
}
