/**
 * Coalesces concurrent calls of one hot statement into a single execution over all their
 * inputs (`json_to_recordset` over a JSON array, one row per call). Under load, one
 * round trip and one commit then serve every request that arrived meanwhile, which is
 * what lets a 2-core server take thousands of signed requests a second; when idle, a
 * call runs alone after one turn of the event loop.
 *
 * A batch starts at the next `setImmediate` (so every request read in this turn of the
 * loop joins it) unless `maxInFlight` batches are already running, in which case the
 * calls wait and the next batch takes up to `maxBatch` of them. A batch that hits a
 * deadlock or serialization failure (40P01, 40001) runs again as the same group; one that
 * fails otherwise has each of its calls run again alone, so one bad input fails only its
 * own request.
 */
export interface BatchOptions {
  /** Most calls in one statement. */
  maxBatch: number;
  /** Most statements running at once (each holds a pooled connection). */
  maxInFlight: number;
}

/**
 * Runs one statement for `inputs` and answers one output per input, in the same order.
 * Must not depend on which other inputs share the batch, beyond what the database itself
 * serializes.
 */
export type BatchRunner<In, Out> = (inputs: readonly In[]) => Promise<readonly Out[]>;

interface Pending<In, Out> {
  input: In;
  resolve: (output: Out) => void;
  reject: (error: unknown) => void;
}

/**
 * PostgreSQL's deadlock (40P01) and serialization failure (40001): the statement did
 * nothing and may simply run again.
 */
export const RETRYABLE_SQLSTATES: ReadonlySet<string> = new Set(['40P01', '40001']);
/** Runs of one group after the first when it keeps hitting a retryable error. */
export const MAX_RETRIES = 4;

export function isRetryable(error: unknown): boolean {
  const code = typeof error === 'object' && error !== null ? (error as { code?: unknown }).code : undefined;
  if (typeof code === 'string' && RETRYABLE_SQLSTATES.has(code)) return true;
  // drizzle wraps the driver's error as `cause`.
  const cause = typeof error === 'object' && error !== null ? (error as { cause?: unknown }).cause : undefined;
  return cause !== undefined && cause !== error && isRetryable(cause);
}

/**
 * Runs `group` again while it fails with a deadlock or serialization failure (after a
 * short, growing, jittered pause, so the transactions that collided do not collide again),
 * at most MAX_RETRIES times.
 */
async function withRetries<T>(group: () => Promise<T>): Promise<T> {
  for (let retry = 0; ; retry += 1) {
    try {
      return await group();
    } catch (error) {
      if (retry >= MAX_RETRIES || !isRetryable(error)) throw error;
      await new Promise((resolve) => setTimeout(resolve, (retry + 1) * 5 + Math.random() * 10));
    }
  }
}

export const DEFAULT_BATCH_OPTIONS: BatchOptions = { maxBatch: 200, maxInFlight: 2 };

export function batchedStatement<In, Out>(
  run: BatchRunner<In, Out>,
  options: BatchOptions = DEFAULT_BATCH_OPTIONS,
): (input: In) => Promise<Out> {
  let queue: Pending<In, Out>[] = [];
  let inFlight = 0;
  let scheduled = false;

  const runAlone = async (pending: Pending<In, Out>) => {
    try {
      const outputs = await withRetries(() => run([pending.input]));
      if (outputs.length !== 1) throw new Error(`batched statement answered ${outputs.length} outputs for one input`);
      pending.resolve(outputs[0] as Out);
    } catch (error) {
      pending.reject(error);
    }
  };

  const runBatch = async (batch: Pending<In, Out>[]) => {
    if (batch.length === 1) return runAlone(batch[0]!);
    let outputs: readonly Out[];
    try {
      // A deadlock or serialization failure is nobody's input: the same group runs again.
      outputs = await withRetries(() => run(batch.map((pending) => pending.input)));
      if (outputs.length !== batch.length)
        throw new Error(`batched statement answered ${outputs.length} of ${batch.length} inputs`);
    } catch (error) {
      if (isRetryable(error)) {
        // Still colliding after the retries: the database is overloaded, not an input bad.
        for (const pending of batch) pending.reject(error);
        return;
      }
      // Find the call at fault: each runs on its own and only it fails.
      await Promise.all(batch.map(runAlone));
      return;
    }
    batch.forEach((pending, index) => pending.resolve(outputs[index]!));
  };

  const flush = () => {
    scheduled = false;
    while (queue.length > 0 && inFlight < options.maxInFlight) {
      const batch = queue.length <= options.maxBatch ? queue : queue.slice(0, options.maxBatch);
      queue = queue.length <= options.maxBatch ? [] : queue.slice(options.maxBatch);
      inFlight += 1;
      void runBatch(batch).finally(() => {
        inFlight -= 1;
        schedule();
      });
    }
  };

  function schedule() {
    if (scheduled || queue.length === 0 || inFlight >= options.maxInFlight) return;
    scheduled = true;
    setImmediate(flush);
  }

  return (input) =>
    new Promise<Out>((resolve, reject) => {
      queue.push({ input, resolve, reject });
      schedule();
    });
}
