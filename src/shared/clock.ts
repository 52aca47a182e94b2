/** The source of "now". Tests pass a fixed clock; production uses the system one. */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

export const fixedClock = (at: Date | string): Clock => {
  const instant = new Date(at);
  return { now: () => new Date(instant) };
};
