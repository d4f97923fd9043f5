import { create } from 'zustand';

/** Notice rules of docs/product.md section 9. */
export const TOAST_LIMIT = 1;
export const TOAST_DEFAULT_DURATION = 5000;
/** A dismissed notice stays in the store (closed) this long before it is removed. */
export const TOAST_REMOVE_DELAY = 1_000_000;
/** Swiping a notice right by at least this many pixels dismisses it. */
export const TOAST_SWIPE_THRESHOLD = 50;

export type ToastVariant = 'default' | 'destructive';

export interface ToastInput {
  title?: string;
  description?: string;
  variant?: ToastVariant;
  /** Milliseconds before it closes by itself; Infinity keeps it until dismissed. */
  duration?: number;
  /** What to do next, links in the notice ('Say hello', 'Plan a meeting'). */
  actions?: { label: string; href: string }[];
}

export interface Toast {
  id: string;
  title?: string;
  description?: string;
  variant: ToastVariant;
  duration: number;
  open: boolean;
  actions?: { label: string; href: string }[];
}

interface ToastState {
  toasts: Toast[];
  add: (toast: Toast) => void;
  dismiss: (id?: string) => void;
  remove: (id?: string) => void;
}

const removeTimers = new Map<string, ReturnType<typeof setTimeout>>();

function scheduleRemoval(id: string) {
  if (removeTimers.has(id)) return;
  removeTimers.set(
    id,
    setTimeout(() => {
      removeTimers.delete(id);
      useToastStore.getState().remove(id);
    }, TOAST_REMOVE_DELAY),
  );
}

export const useToastStore = create<ToastState>()((set) => ({
  toasts: [],
  // Newest first, and only TOAST_LIMIT of them: a new notice replaces the one on screen.
  add: (toast) => set((state) => ({ toasts: [toast, ...state.toasts].slice(0, TOAST_LIMIT) })),
  dismiss: (id) =>
    set((state) => {
      for (const t of state.toasts) if (id === undefined || t.id === id) scheduleRemoval(t.id);
      return { toasts: state.toasts.map((t) => (id === undefined || t.id === id ? { ...t, open: false } : t)) };
    }),
  remove: (id) => set((state) => ({ toasts: id === undefined ? [] : state.toasts.filter((t) => t.id !== id) })),
}));

let counter = 0;

/** Shows a notice; usable from anywhere (components, mutation callbacks). */
export function toast(input: ToastInput): { id: string; dismiss: () => void } {
  counter = (counter + 1) % Number.MAX_SAFE_INTEGER;
  const id = String(counter);
  useToastStore.getState().add({
    id,
    ...input,
    variant: input.variant ?? 'default',
    duration: input.duration ?? TOAST_DEFAULT_DURATION,
    open: true,
  });
  return { id, dismiss: () => useToastStore.getState().dismiss(id) };
}

export function dismissToast(id?: string): void {
  useToastStore.getState().dismiss(id);
}
