import type { ToastInput } from '../../ui/toast-store';

/**
 * docs/product.md section 8's notices of the public connect: shown by the profile page, and by the outbox
 * when a connect queued without network lands later (its own small file, so the sync engine's code
 * does not bring the profile page's).
 */
export const CONNECTED_TOAST: ToastInput = { title: 'Success', description: "You've successfully connected with this user." };
export const CONNECT_FAILED_TOAST: ToastInput = {
  title: 'Error',
  description: 'Failed to connect with user. Please try again later.',
  variant: 'destructive',
};

/** A member met at an event, opened without their link: connecting is a swipe on that event's Meet page. */
export const connectAtEventText = (firstName: string) => `To connect, swipe right on ${firstName} on the Meet page of an event you both attend.`;
