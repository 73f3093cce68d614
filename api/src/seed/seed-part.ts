import type { Clock } from '../clock';
import type { Database } from '../db/database';

/** The transaction every seed part writes in: a failure leaves the database as it was. */
export type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];

export interface SeedContext {
  tx: Transaction;
  clock: Clock;
}

/** Writes what of its area is missing; returns whether it wrote anything. */
export type SeedPart = (context: SeedContext) => Promise<boolean>;
