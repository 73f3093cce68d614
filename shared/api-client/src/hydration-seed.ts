import type { QueryEntry } from '@yaoshi/contracts/hydration';
import { api } from './api';

/** The store's dispatch, as far as seeding needs it (thunks included: the store has RTK's middleware). */
type Dispatch = (action: never) => unknown;

/**
 * Puts a server-rendered page's answers into the store (RTK Query's `upsertQueryEntries`), the
 * entries of endpoints the api slice does not know dropped (an endpoint is known once the
 * module that injects it has loaded), and holds each with a subscription until `release`:
 * an endpoint that drops an answer nobody uses at once (an article's, keepUnusedDataFor 0)
 * keeps it for the page's first render. Holding one asks nothing: each has its answer.
 */
export function seedAnswers(dispatch: Dispatch, entries: readonly QueryEntry[]): { seeded: number; release(): void } {
  const endpoints = api.endpoints as unknown as Record<string, { initiate(arg: unknown): unknown } | undefined>;
  const known = entries.filter((entry) => Object.hasOwn(endpoints, entry.endpointName));
  // The entries are the endpoints' own answers (the server bundle and the shell's frame name them);
  // their types are the endpoints', which a list of any endpoints cannot spell.
  dispatch(api.util.upsertQueryEntries(known as never) as never);
  const holds = known.map(
    (entry) => dispatch(endpoints[entry.endpointName]?.initiate(entry.arg) as never) as { unsubscribe?(): void },
  );
  return {
    seeded: known.length,
    release: () => holds.forEach((hold) => hold.unsubscribe?.()),
  };
}
