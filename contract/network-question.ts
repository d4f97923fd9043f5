/**
 * What the page asks the service worker of the network. Apart from sw-messages.ts and
 * late-answers.ts because only the deck's code asks it: no other bundle carries it.
 */

/**
 * Page -> worker `{ type }` with a MessagePort: does the network hang now? The worker answers on
 * the port with `{ hangs: boolean }` (sw/network-health.ts says when it does).
 */
export const NETWORK_HANGS_QUESTION = 'network-hangs?';
