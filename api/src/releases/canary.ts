import { createHash } from 'node:crypto';

/** The anonymous browser id's cookie (a random UUID, set by GET /remotes.json). */
export const VISITOR_COOKIE = 'yaoshi_vid';

/**
 * Who gets a canary: a stable share of visitors, by learner id once logged in and by an
 * anonymous browser id before. The bucket (0–9999) hashes the remote, the canary's version
 * and the id, so one visitor always lands in the same place for one canary, and canaries
 * of different remotes or versions pick independent shares.
 */
export function canaryBucket(remote: string, version: string, visitorId: string): number {
  return createHash('sha256').update(`${remote}\0${version}\0${visitorId}`).digest().readUInt32BE(0) % 10_000;
}

export function inCanary(remote: string, version: string, percent: number, visitorId: string | undefined): boolean {
  if (!visitorId) return false;
  return canaryBucket(remote, version, visitorId) < percent * 100;
}

/** Default threshold for ending a canary by itself: 2 % failures over at least 50 loads. */
export const DEFAULT_AUTO_ROLLBACK = { failureRate: 0.02, minimumLoads: 50 } as const;

export interface FailureCounts {
  loads: number;
  failures: number;
}

export function failureRate({ loads, failures }: FailureCounts): number {
  return loads === 0 ? 0 : failures / loads;
}

export function shouldRollBack(
  counts: FailureCounts,
  threshold: { failureRate: number; minimumLoads: number },
): boolean {
  return counts.loads >= threshold.minimumLoads && failureRate(counts) > threshold.failureRate;
}
