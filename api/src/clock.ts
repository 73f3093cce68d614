/**
 * The one source of time. Signature windows, nonce expiry, publication times and, later,
 * order deadlines and study progress all ask this object, so a test can move time instead
 * of waiting for it.
 */
export interface Clock {
  now(): Date;
  nowMs(): number;
}

export const systemClock: Clock = {
  now: () => new Date(),
  nowMs: () => Date.now(),
};

export interface MovableClock extends Clock {
  set(time: Date | number): void;
  advance(ms: number): void;
}

export function movableClock(start: Date | number): MovableClock {
  let current = typeof start === 'number' ? start : start.getTime();
  return {
    now: () => new Date(current),
    nowMs: () => current,
    set(time) {
      current = typeof time === 'number' ? time : time.getTime();
    },
    advance(ms) {
      current += ms;
    },
  };
}
