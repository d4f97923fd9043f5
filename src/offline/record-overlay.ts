import type { OutboxRecord } from './db';
import { emptyEventOverlay, type EventOverlay } from './mutations/event-overlay';
import { goalMutation } from './mutations/goal';
import { foldOverlay } from './mutations/mutation';
import { swipeMutation } from './mutations/swipe';
import { undoSwipeMutation } from './mutations/undo-swipe';

/**
 * The kinds whose records change the event screens (the deck, the lists, the goal). Listed here
 * rather than taken from the registry: the event screens' first load carries only these kinds'
 * code (docs/architecture.md, "Budgets every change keeps").
 */
const EVENT_KINDS = { swipe: swipeMutation, 'undo-swipe': undoSwipeMutation, goal: goalMutation };

/**
 * Replays the event's records in queue order, so the latest intent wins (a pass, its undo and a
 * new connect of the same person show as the connect).
 */
export const overlayOf = (records: readonly OutboxRecord[]): EventOverlay => foldOverlay(records, emptyEventOverlay(), EVENT_KINDS);

export const EMPTY_OVERLAY: EventOverlay = overlayOf([]);
