/**
 * window.matchMedia for tests: only 'prefers-reduced-motion: reduce' ever matches, and only while
 * `reduced()` says so, so the deck's cards leave at once instead of flying off for 500 ms.
 */
export function stubPrefersReducedMotion(reduced: () => boolean = () => true): void {
  window.matchMedia = ((query: string) => ({
    matches: reduced() && query.includes('reduce'),
    media: query,
    onchange: null,
    addEventListener: () => {},
    removeEventListener: () => {},
    addListener: () => {},
    removeListener: () => {},
    dispatchEvent: () => false,
  })) as unknown as typeof window.matchMedia;
}
