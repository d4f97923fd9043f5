import { useEffect, useId, useRef, type KeyboardEvent, type ReactNode, type RefObject } from 'react';
import { createPortal } from 'react-dom';
import './dialog.css';

const FOCUSABLE = 'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

export interface DialogProps {
  open: boolean;
  title: ReactNode;
  description?: ReactNode;
  children?: ReactNode;
  /** Called on Escape or a backdrop click; without it the dialog can only be left by its own buttons. */
  onClose?: () => void;
  /** Element to focus first; defaults to the first focusable element inside. */
  initialFocusRef?: RefObject<HTMLElement | null>;
  className?: string;
}

/**
 * A modal dialog: aria-modal, focus kept inside (Tab wraps, focus leaving is pulled back), the rest
 * of the page made inert and unscrollable, focus restored on close.
 */
export function Dialog({ open, title, description, children, onClose, initialFocusRef, className }: DialogProps) {
  if (!open) return null;
  return createPortal(
    <DialogPanel title={title} description={description} onClose={onClose} initialFocusRef={initialFocusRef} className={className}>
      {children}
    </DialogPanel>,
    document.body,
  );
}

function DialogPanel({ title, description, children, onClose, initialFocusRef, className }: Omit<DialogProps, 'open'>) {
  const titleId = useId();
  const descriptionId = useId();
  const backdropRef = useRef<HTMLDivElement>(null);
  const panelRef = useRef<HTMLDivElement>(null);
  const onCloseRef = useRef(onClose);
  useEffect(() => {
    onCloseRef.current = onClose;
  });

  useEffect(() => {
    const backdrop = backdropRef.current;
    const panel = panelRef.current;
    if (!backdrop || !panel) return;
    const previouslyFocused = document.activeElement as HTMLElement | null;

    // Everything else on the page becomes inert while the dialog is open.
    const madeInert: Element[] = [];
    for (const sibling of Array.from(document.body.children)) {
      if (sibling === backdrop || sibling.hasAttribute('inert')) continue;
      sibling.setAttribute('inert', '');
      madeInert.push(sibling);
    }
    document.body.classList.add('has-modal');

    const first = initialFocusRef?.current ?? panel.querySelector<HTMLElement>(FOCUSABLE) ?? panel;
    first.focus();

    const onFocusIn = (event: FocusEvent) => {
      if (event.target instanceof Node && !backdrop.contains(event.target)) {
        (panel.querySelector<HTMLElement>(FOCUSABLE) ?? panel).focus();
      }
    };
    document.addEventListener('focusin', onFocusIn);

    return () => {
      document.removeEventListener('focusin', onFocusIn);
      for (const element of madeInert) element.removeAttribute('inert');
      document.body.classList.remove('has-modal');
      previouslyFocused?.focus?.();
    };
  }, [initialFocusRef]);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'Escape') {
      event.preventDefault();
      onCloseRef.current?.();
      return;
    }
    if (event.key !== 'Tab' || !panelRef.current) return;
    const focusable = Array.from(panelRef.current.querySelectorAll<HTMLElement>(FOCUSABLE));
    if (focusable.length === 0) {
      event.preventDefault();
      return;
    }
    const first = focusable[0]!;
    const last = focusable[focusable.length - 1]!;
    if (event.shiftKey && (document.activeElement === first || document.activeElement === panelRef.current)) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first.focus();
    }
  };

  return (
    <div
      ref={backdropRef}
      className="dialog-backdrop"
      onMouseDown={(event) => {
        if (event.target === event.currentTarget) onCloseRef.current?.();
      }}
    >
      <div
        ref={panelRef}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={description ? descriptionId : undefined}
        tabIndex={-1}
        className={['dialog', className].filter(Boolean).join(' ')}
        onKeyDown={onKeyDown}
      >
        <h2 id={titleId} className="dialog-title">
          {title}
        </h2>
        {description && (
          <div id={descriptionId} className="dialog-description">
            {description}
          </div>
        )}
        {children}
      </div>
    </div>
  );
}
