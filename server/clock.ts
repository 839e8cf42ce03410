// Time as a parameter, so expiries and rate windows are tested with a simulated clock.

export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };
