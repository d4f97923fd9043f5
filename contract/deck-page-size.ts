/**
 * How many candidates the app asks for at once (the first page is prefetched for the venue).
 * In a file of its own, without valibot: the shell reads it (contract/first-screen.ts).
 */
export const DECK_PAGE_SIZE = 200;
