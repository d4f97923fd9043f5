/**
 * The events feature's entry for other features (organizer page, profile, event detail): the event
 * rows and cards with their display rules. Other features import these from here, never from
 * components/ (ESLint enforces it), so this file is the deliberate list of what is shared.
 */
export { EventCard, type EventCardProps } from './components/EventCard';
export { EventRow, type EventRowProps } from './components/EventRow';
export { LockedEventCard, type LockedEventCardProps } from './components/LockedEventCard';
export { EventCardSkeleton, EventRowSkeleton } from './components/Skeletons';
export { eventLocationText, eventWhenText, goingTooText, isItemPast, isLocked, itemLocationText } from './event-display';
