/**
 * Notices (passing ones and prompts that wait for an answer) sit at the foot of the screen, above
 * the bottom navigation, and the screen makes room for them: the stack's height is published as
 * `--notice-room` on the root element, and the layout's bottom offset (layout.css) grows by it. So
 * the deck's card shrinks and its Pass and Connect stay above a notice, the assistant's composer and
 * the floating bars rise, and a page's end can be scrolled above it; the header, the Back button and
 * the navigation are never under a notice (docs/product.md, notices).
 */

/** The id of the slot above the passing notices where a prompt with its own React root mounts. */
export const NOTICE_SLOT_ID = 'notice-slot';

/** The id of the stack itself (the toaster draws it, empty until something shows). */
export const NOTICE_STACK_ID = 'notice-stack';
