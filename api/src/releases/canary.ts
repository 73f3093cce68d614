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

/**
 * When a canary ends by itself: more than `failureRate` of at least `minimumLoads` loads
 * failed, the failures coming from at least `minimumBrowsers` browsers on at least
 * `minimumAddresses` network addresses (each visitor's failures counted up to its own loads).
 */
export interface AutoRollbackThreshold {
  failureRate: number;
  minimumLoads: number;
  minimumBrowsers: number;
  minimumAddresses: number;
}

/** Default: 2 % failures over at least 50 loads, from 5 browsers on 3 addresses. */
export const DEFAULT_AUTO_ROLLBACK: AutoRollbackThreshold = {
  failureRate: 0.02,
  minimumLoads: 50,
  minimumBrowsers: 5,
  minimumAddresses: 3,
};

/** A canary's evidence: loads and failures (capped per visitor), and who failed. */
export interface CanaryEvidence extends FailureCounts {
  /** Browsers with at least one failure that followed a load of theirs. */
  failingBrowsers: number;
  /** Network addresses of those browsers. */
  failingAddresses: number;
}

/** Many independent visitors failing past the threshold; never one address's word. */
export function canaryFails(evidence: CanaryEvidence, threshold: AutoRollbackThreshold): boolean {
  return (
    shouldRollBack(evidence, threshold) &&
    evidence.failingBrowsers >= threshold.minimumBrowsers &&
    evidence.failingAddresses >= threshold.minimumAddresses
  );
}

export interface FailureCounts {
  loads: number;
  failures: number;
}

export function failureRate({ loads, failures }: FailureCounts): number {
  return loads === 0 ? 0 : failures / loads;
}

export function shouldRollBack(
  counts: FailureCounts,
  threshold: Pick<AutoRollbackThreshold, 'failureRate' | 'minimumLoads'>,
): boolean {
  return counts.loads >= threshold.minimumLoads && failureRate(counts) > threshold.failureRate;
}
