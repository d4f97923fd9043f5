/** Query keys of the notifications feature. */
export const notificationsKeys = {
  all: ['notifications'] as const,
  /** The server's VAPID public key (GET push/public-key). */
  publicKey: () => [...notificationsKeys.all, 'public-key'] as const,
  /** The member's settings and whether this session's device is subscribed (GET push/settings). */
  settings: () => [...notificationsKeys.all, 'settings'] as const,
};
