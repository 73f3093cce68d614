/**
 * Work recorded in a row and done by a job can lose its job: the server dies between the
 * row's commit and the enqueue, or mid-way through an attempt the queue has since given up
 * on. A sweep (a timed job) finds such rows — still waiting or running long after their last
 * change, with no unfinished job for them (`JobQueue.unfinished`) — and offers the waiting
 * ones again and fails the running ones with why, for a person to retry.
 */
export interface OrphanSweep<Row extends { status: string }> {
  /** The keys of the rows an unfinished job still holds, read before `stale`. */
  alive: ReadonlySet<string>;
  /** Rows waiting or running and unchanged for longer than a live job would leave them. */
  stale: readonly Row[];
  keyOf(row: Row): string;
  /** The status of a row that has not begun (offered again); any other is running (failed). */
  waitingStatus: string;
  offer(row: Row): Promise<void>;
  /** Answers whether the row was still as read (a job may have moved it meanwhile). */
  fail(row: Row): Promise<boolean>;
}

export async function sweepOrphans<Row extends { status: string }>(
  sweep: OrphanSweep<Row>,
): Promise<{ offered: number; failed: number }> {
  let offered = 0;
  let failed = 0;
  for (const row of sweep.stale) {
    if (sweep.alive.has(sweep.keyOf(row))) continue;
    if (row.status === sweep.waitingStatus) {
      await sweep.offer(row);
      offered += 1;
    } else if (await sweep.fail(row)) failed += 1;
  }
  return { offered, failed };
}

/** A waiting or running row unchanged this long has lost its job (a live one writes far more often). */
export const ORPHANED_AFTER_SECONDS = 5 * 60;
