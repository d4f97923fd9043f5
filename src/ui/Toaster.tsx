import { useEffect, useRef, useState } from 'react';
import { afterFirstScreen } from '../lib/after-first-screen';
import { NOTICE_SLOT_ID, NOTICE_STACK_ID } from './notice-room';
import { useToastStore } from './toast-store';
import './toast.css';

type ToastItemModule = typeof import('./ToastItem');
let toastItem: ToastItemModule | null = null;
let loading: Promise<ToastItemModule> | null = null;

/**
 * A notice's code is not needed to paint any first screen: it loads after it, or with the first
 * notice, whichever comes first. (The live region itself is there from the start, so notices are
 * announced.) A load that failed is tried again with the next notice.
 */
export function preloadToastItem(): Promise<ToastItemModule> {
  loading ??= import('./ToastItem').then(
    (module) => (toastItem = module),
    (error: unknown) => {
      loading = null;
      throw error;
    },
  );
  return loading;
}

/**
 * The notice viewport: one notice at a time, announced politely; F8 moves focus to it. A notice
 * closes after its duration (paused while hovered or focused), with its close button, or by a
 * swipe to the right of at least 50 px. Above it, the slot where a prompt waiting for an answer
 * mounts; the screen makes room for both (notice-room.ts).
 */
export function Toaster() {
  const toasts = useToastStore((s) => s.toasts);
  const regionRef = useRef<HTMLDivElement>(null);
  const [item, setItem] = useState(toastItem);
  useEffect(() => afterFirstScreen(() => preloadToastItem().catch(() => {})), []);
  const waiting = item === null && toasts.some((t) => t.open);
  useEffect(() => {
    if (!waiting) return;
    let live = true;
    preloadToastItem().then(
      (module) => live && setItem(module),
      () => {},
    );
    return () => {
      live = false;
    };
  }, [waiting]);
  const ToastItem = item?.ToastItem ?? toastItem?.ToastItem;

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'F8') {
        event.preventDefault();
        regionRef.current?.focus();
      }
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, []);

  return (
    <div id={NOTICE_STACK_ID} className="notice-stack">
      <div id={NOTICE_SLOT_ID} />
      <div ref={regionRef} className="toast-region" role="region" aria-label="Notifications (F8)" aria-live="polite" tabIndex={-1}>
        <div className="toast-list">{ToastItem && toasts.filter((t) => t.open).map((t) => <ToastItem key={t.id} toast={t} />)}</div>
      </div>
    </div>
  );
}
