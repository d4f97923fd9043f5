/** Query keys of the messages feature. */
export const messagesKeys = {
  all: ['messages'] as const,
  /** The member's conversations, newest first. */
  conversations: () => [...messagesKeys.all, 'conversations'] as const,
  /** The pages of the conversation with `userId` (an infinite query, newest page first). */
  conversation: (userId: string) => [...messagesKeys.all, 'conversation', userId] as const,
  settings: () => [...messagesKeys.all, 'settings'] as const,
};
