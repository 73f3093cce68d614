import os from 'node:os';
import { hash, verify } from '@node-rs/argon2';
import { unavailable } from '../envelope/api-error';
import { MESSAGES } from '../messages';

/**
 * argon2id (the library's default algorithm) with OWASP's minimum parameters: about
 * 10 ms a hash on the target machine.
 */
const ARGON2_OPTIONS = { memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

/**
 * How many hashes run at once (`PASSWORD_HASH_CONCURRENCY`): half the cores, at least
 * one, so a login flood cannot take the CPU from every other request.
 */
export const DEFAULT_HASH_CONCURRENCY = Math.max(1, Math.floor(os.availableParallelism() / 2));
/**
 * How many hashes may wait for a turn (`PASSWORD_HASH_QUEUE`). At about 10–20 ms a hash
 * that is a wait of a second or less; a login beyond it is refused at once (503).
 */
export const DEFAULT_HASH_QUEUE = 64;
/** What a refused login is told to wait, in seconds. */
export const HASH_BUSY_RETRY_AFTER_S = 2;

export interface PasswordHasherOptions {
  concurrency: number;
  maxQueue: number;
}

export interface PasswordHasher {
  /**
   * Runs a whole password login (its database work and its verification) in a slot of the
   * pool, so a login flood holds at most `concurrency` database connections and CPU cores;
   * beyond the queue, refused at once with a 503. `verify` and `spendVerificationTime` are
   * meant to be called inside it.
   */
  exclusive<T>(work: () => Promise<T>): Promise<T>;
  /** True while every slot is taken and the queue is full: the next login would be refused. */
  saturated(): boolean;
  /** In a slot of its own (password changes, resets). */
  hash(password: string): Promise<string>;
  /** False for a wrong password or a malformed stored hash. */
  verify(passwordHash: string, password: string): Promise<boolean>;
  /**
   * Spends the time of one verification when there is no account to check, so the answer
   * time does not reveal whether a login id exists.
   */
  spendVerificationTime(password: string): Promise<void>;
  /** Verifications run so far (real and decoy), for tests and metrics. */
  readonly verifications: number;
}

/**
 * argon2 work through a bounded pool: at most `concurrency` logins (or hashes) run at once,
 * at most `maxQueue` wait, and any more are refused at once with a 503 and `Retry-After`
 * instead of piling up behind the others and taking the CPU and the database connections
 * from every other request.
 */
export function createPasswordHasher(options: PasswordHasherOptions): PasswordHasher {
  let running = 0;
  const waiting: (() => void)[] = [];
  let verifications = 0;

  const inPool = async <T>(work: () => Promise<T>): Promise<T> => {
    if (running >= options.concurrency) {
      if (waiting.length >= options.maxQueue) throw unavailable(MESSAGES.loginBusy, HASH_BUSY_RETRY_AFTER_S);
      await new Promise<void>((resolve) => waiting.push(resolve));
    } else {
      running += 1;
    }
    try {
      return await work();
    } finally {
      // Hand the slot straight to the next in line (running stays the same), or free it.
      const next = waiting.shift();
      if (next) next();
      else running -= 1;
    }
  };

  const verifyHash = async (passwordHash: string, password: string) => {
    verifications += 1;
    try {
      return await verify(passwordHash, password);
    } catch {
      // A malformed stored hash matches nothing.
      return false;
    }
  };

  let decoyHash: Promise<string> | undefined;
  return {
    exclusive: inPool,
    saturated: () => running >= options.concurrency && waiting.length >= options.maxQueue,
    hash: (password) => inPool(() => hash(password, ARGON2_OPTIONS)),
    verify: verifyHash,
    async spendVerificationTime(password) {
      decoyHash ??= hash('decoy-password-for-unknown-accounts', ARGON2_OPTIONS);
      await verifyHash(await decoyHash, password);
    },
    get verifications() {
      return verifications;
    },
  };
}

/** For seeding and the admin command line, where nothing competes for the CPU. */
export function hashPassword(password: string): Promise<string> {
  return hash(password, ARGON2_OPTIONS);
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}
