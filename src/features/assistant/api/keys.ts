/** Query keys of the assistant feature. */
export const assistantKeys = {
  all: ['assistant'] as const,
  chats: () => [...assistantKeys.all, 'chats'] as const,
  chat: (chatId: string) => [...assistantKeys.all, 'chat', chatId] as const,
  archived: (chatId: string, page: number) => [...assistantKeys.all, 'chat', chatId, 'archived', page] as const,
};

/** docs/product.md section 9: chats stay fresh 2 minutes, a single chat 1 minute. */
export const CHATS_STALE_MS = 2 * 60_000;
export const CHAT_STALE_MS = 60_000;
/** Past chats are kept (and persisted) for a day, so they can be read offline. */
export const CHAT_CACHE_MS = 24 * 60 * 60_000;
