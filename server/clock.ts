/** The time source of the app; tests pass their own to step over expiry windows without waiting. */
export type Clock = () => Date;

export const systemClock: Clock = () => new Date();
