/**
 * What one address may add to the failure counts (issue 17's reports are anonymous, so
 * anyone can post them): at most `perAddress` counted events — loads and failures
 * together, in the order they come — per address, environment, remote version and window.
 * A version's window is its running canary (from its start), else the current hour. So
 * one address cannot end a canary on its own (the default 25 is half the default 50 loads
 * a canary needs), and a shared address (a hospital's NAT) still contributes a sample in
 * its real proportions. Kept in memory, per server process.
 */
export const DEFAULT_REPORTS_PER_ADDRESS = 25;
const HOUR_MS = 60 * 60 * 1000;
/** Entries kept before the table is cleared (a flood of addresses cannot grow it without bound). */
const MAX_ENTRIES = 50_000;

export interface ReportBudget {
  /** How much of `wanted` this address may still add to the version in this window (0 … wanted). */
  take(
    key: { address: string; environment: string; remote: string; version: string; window: string },
    wanted: number,
  ): number;
}

export function hourWindow(nowMs: number): string {
  return `hour:${Math.floor(nowMs / HOUR_MS)}`;
}

export function createReportBudget(perAddress: number = DEFAULT_REPORTS_PER_ADDRESS): ReportBudget {
  const used = new Map<string, number>();
  return {
    take({ address, environment, remote, version, window }, wanted) {
      const key = `${address}\0${environment}\0${remote}\0${version}\0${window}`;
      const already = used.get(key) ?? 0;
      const granted = Math.max(0, Math.min(wanted, perAddress - already));
      if (granted > 0) {
        if (!used.has(key) && used.size >= MAX_ENTRIES) used.clear();
        used.set(key, already + granted);
      }
      return granted;
    },
  };
}
