import { createHash, timingSafeEqual } from 'node:crypto';
import { DEFAULT_AUTO_ROLLBACK, type AutoRollbackThreshold } from './canary';
import { DEFAULT_REPORTS_PER_ADDRESS } from './report-budget';
import { ENVIRONMENTS, type Environment } from './registry-core';

/**
 * The release registry's settings, read once at start:
 * - `RELEASE_TOKENS=name:token[,name:token…]`: who may release; each action is recorded
 *   under its name. Unset: in development one public token (`dev:dev-release-token`); in
 *   production, releasing is closed.
 * - `RELEASE_ENV`: the environment this server's visitors get (default production).
 * - `RELEASE_ROLLBACK_RATE` (default 0.02) and `RELEASE_ROLLBACK_MIN_LOADS` (default 50):
 *   a canary failing more than the rate over at least that many loads ends by itself, when
 *   the failures come from at least `RELEASE_ROLLBACK_MIN_BROWSERS` (default 5) browsers on
 *   at least `RELEASE_ROLLBACK_MIN_ADDRESSES` (default 3) addresses, each browser's failures
 *   counted only up to the loads it reported itself.
 * - `RELEASE_REPORTS_PER_MINUTE` (default 120): failure reports taken from one address a
 *   minute (a shell sends at most one every 10 s; many learners may share one address).
 * - `RELEASE_REPORTS_PER_ADDRESS` (default 25): loads and failures one address may add to
 *   one version's counts per canary (per hour outside a canary): see report-budget.ts.
 */
export interface ReleaseConfig {
  tokens: ReadonlyMap<string, string>;
  environment: Environment;
  autoRollback: AutoRollbackThreshold;
  /** Report batches taken from one address a minute (DEFAULT_REPORTS_PER_MINUTE when absent). */
  reportsPerMinute?: number;
  /** Counts one address may add per version and canary (DEFAULT_REPORTS_PER_ADDRESS when absent). */
  reportsPerAddress?: number;
}

export const DEFAULT_REPORTS_PER_MINUTE = 120;

export const DEVELOPMENT_RELEASE_TOKEN = 'dev-release-token';
const MIN_TOKEN_LENGTH = 16;

export class ReleaseConfigError extends Error {
  override name = 'ReleaseConfigError';
}

type Env = Readonly<Record<string, string | undefined>>;

export function parseReleaseTokens(text: string): Map<string, string> {
  const tokens = new Map<string, string>();
  for (const part of text
    .split(',')
    .map((p) => p.trim())
    .filter(Boolean)) {
    const colon = part.indexOf(':');
    const name = part.slice(0, colon).trim();
    const token = part.slice(colon + 1).trim();
    if (colon <= 0 || !/^[A-Za-z0-9_.@-]{1,40}$/.test(name) || token.length < MIN_TOKEN_LENGTH) {
      throw new ReleaseConfigError(
        `RELEASE_TOKENS must be name:token pairs separated by commas, each token at least ${MIN_TOKEN_LENGTH} characters.`,
      );
    }
    if ([...tokens.values()].includes(token))
      throw new ReleaseConfigError('RELEASE_TOKENS: two names share one token.');
    tokens.set(name, token);
  }
  return tokens;
}

export function releaseConfigFromEnv(env: Env, production: boolean): ReleaseConfig {
  const text = env.RELEASE_TOKENS?.trim();
  const tokens = text
    ? parseReleaseTokens(text)
    : production
      ? new Map<string, string>()
      : new Map([['dev', DEVELOPMENT_RELEASE_TOKEN]]);
  if (production && [...tokens.values()].includes(DEVELOPMENT_RELEASE_TOKEN)) {
    throw new ReleaseConfigError(
      'RELEASE_TOKENS holds the public development token; set real tokens to run with NODE_ENV=production.',
    );
  }
  const environment = (env.RELEASE_ENV?.trim() || 'production') as Environment;
  if (!(ENVIRONMENTS as readonly string[]).includes(environment))
    throw new ReleaseConfigError(`RELEASE_ENV must be one of ${ENVIRONMENTS.join(', ')}.`);
  const rate = env.RELEASE_ROLLBACK_RATE?.trim()
    ? Number(env.RELEASE_ROLLBACK_RATE)
    : DEFAULT_AUTO_ROLLBACK.failureRate;
  const minimumLoads = env.RELEASE_ROLLBACK_MIN_LOADS?.trim()
    ? Number(env.RELEASE_ROLLBACK_MIN_LOADS)
    : DEFAULT_AUTO_ROLLBACK.minimumLoads;
  if (!(rate > 0 && rate < 1))
    throw new ReleaseConfigError('RELEASE_ROLLBACK_RATE must be a number between 0 and 1, e.g. 0.02.');
  if (!Number.isInteger(minimumLoads) || minimumLoads < 1)
    throw new ReleaseConfigError('RELEASE_ROLLBACK_MIN_LOADS must be a whole number of at least 1.');
  const minimumBrowsers = env.RELEASE_ROLLBACK_MIN_BROWSERS?.trim()
    ? Number(env.RELEASE_ROLLBACK_MIN_BROWSERS)
    : DEFAULT_AUTO_ROLLBACK.minimumBrowsers;
  if (!Number.isInteger(minimumBrowsers) || minimumBrowsers < 1)
    throw new ReleaseConfigError('RELEASE_ROLLBACK_MIN_BROWSERS must be a whole number of at least 1.');
  const minimumAddresses = env.RELEASE_ROLLBACK_MIN_ADDRESSES?.trim()
    ? Number(env.RELEASE_ROLLBACK_MIN_ADDRESSES)
    : DEFAULT_AUTO_ROLLBACK.minimumAddresses;
  if (!Number.isInteger(minimumAddresses) || minimumAddresses < 1)
    throw new ReleaseConfigError('RELEASE_ROLLBACK_MIN_ADDRESSES must be a whole number of at least 1.');
  const reportsPerMinute = env.RELEASE_REPORTS_PER_MINUTE?.trim()
    ? Number(env.RELEASE_REPORTS_PER_MINUTE)
    : DEFAULT_REPORTS_PER_MINUTE;
  if (!Number.isInteger(reportsPerMinute) || reportsPerMinute < 1)
    throw new ReleaseConfigError('RELEASE_REPORTS_PER_MINUTE must be a whole number of at least 1.');
  const reportsPerAddress = env.RELEASE_REPORTS_PER_ADDRESS?.trim()
    ? Number(env.RELEASE_REPORTS_PER_ADDRESS)
    : DEFAULT_REPORTS_PER_ADDRESS;
  if (!Number.isInteger(reportsPerAddress) || reportsPerAddress < 1)
    throw new ReleaseConfigError('RELEASE_REPORTS_PER_ADDRESS must be a whole number of at least 1.');
  return {
    tokens,
    environment,
    autoRollback: { failureRate: rate, minimumLoads, minimumBrowsers, minimumAddresses },
    reportsPerMinute,
    reportsPerAddress,
  };
}

const digest = (text: string) => createHash('sha256').update(text).digest();

/**
 * The name of the release manager a token belongs to, or null. Every configured token is
 * compared, each in constant time over equal-length digests, so the answer's timing says
 * nothing about how much of a token was right or which one it was.
 */
export function releaseManagerOf(tokens: ReadonlyMap<string, string>, presented: string | null): string | null {
  if (!presented) return null;
  const offered = digest(presented);
  let found: string | null = null;
  for (const [name, token] of tokens) {
    if (timingSafeEqual(digest(token), offered) && found === null) found = name;
  }
  return found;
}
