import type { AuditListRequest, AuditListResponse, AuditRecord } from '@yaoshi/contracts/audit-log';
import type { FilterValues } from '../kit/list-kit';

/** The most rows one export gathers, 100 per call. */
export const EXPORT_LIMIT = 10_000;
export const EXPORT_PAGE = 100;

/**
 * The whole match for the CSV, newest first, read with a cursor (`before_id`: the last row
 * received) rather than page numbers: records written while the export runs are newer than
 * the cursor, so no row is read twice or skipped.
 */
export async function exportRows(
  filters: FilterValues,
  fetch: (request: AuditListRequest) => Promise<AuditListResponse>,
): Promise<AuditRecord[]> {
  const rows: AuditRecord[] = [];
  let beforeId: number | undefined;
  while (rows.length < EXPORT_LIMIT) {
    const result = await fetch({
      ...filters,
      page: 1,
      size: EXPORT_PAGE,
      ...(beforeId === undefined ? {} : { before_id: beforeId }),
    });
    rows.push(...result.list);
    const last = result.list.at(-1);
    if (result.list.length < EXPORT_PAGE || last === undefined) break;
    beforeId = last.id;
  }
  return rows.slice(0, EXPORT_LIMIT);
}
