import { create } from 'zustand';

/**
 * Their messages the member has not read, across conversations: the navigation's badge. The
 * messages' live updates keep it (features/messages/live/), which load after the first screen.
 */
export const useUnreadMessages = create<{ count: number }>(() => ({ count: 0 }));
