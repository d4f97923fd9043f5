/** Said on the event's page while a leave queued on this device waits for the network. */
export const LEAVE_WAITING_TEXT = "You left this event on this device. It's sent when you're back online.";
