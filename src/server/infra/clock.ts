// One clock for the whole server. Code that needs the time takes `now?: Clock` in its dependencies, so a
// test can hand it a fixed instant; everything else reads the system clock through the same two helpers.
export type Clock = () => Date;

export const systemClock: Clock = () => new Date();

/** The dependencies' clock, or the system's. */
export const clockOf = (deps: { now?: Clock }): Clock => deps.now ?? systemClock;

/** The time now by the dependencies' clock. */
export const nowOf = (deps: { now?: Clock }): Date => clockOf(deps)();
