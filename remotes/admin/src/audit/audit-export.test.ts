import type { AuditListRequest, AuditListResponse, AuditRecord } from '@yaoshi/contracts/audit-log';
import { AUDIT_ACTIONS, auditActionLabel } from '@yaoshi/contracts/audit-actions';
import { EXPORT_PAGE, exportRows } from './audit-export';

const record = (id: number): AuditRecord => ({
  id,
  time: '2025-06-16 10:00:00',
  actor: 'finance',
  actor_kind: 'staff',
  actor_name: '钱财务',
  roles: ['财务'],
  action: 'refund.approve',
  target: String(id),
  before: null,
  after: null,
  ip: '127.0.0.1',
});

/**
 * A server that keeps the trail newest first and, like production, gets new records while
 * the export runs: three more before every call after the first.
 */
function busyServer(initial: number) {
  const trail = Array.from({ length: initial }, (_, index) => record(initial - index));
  let nextId = initial + 1;
  const requests: AuditListRequest[] = [];
  const fetch = (request: AuditListRequest): Promise<AuditListResponse> => {
    if (requests.length > 0) for (let i = 0; i < 3; i += 1) trail.unshift(record((nextId += 1) - 1));
    requests.push(request);
    const size = request.size ?? 20;
    const start =
      request.before_id === undefined
        ? ((request.page ?? 1) - 1) * size
        : trail.findIndex((row) => row.id === request.before_id) + 1;
    return Promise.resolve({ total: trail.length, list: trail.slice(start, start + size) });
  };
  return { fetch, requests };
}

test('the export reads on from the last row it got: records written meanwhile neither repeat nor push rows out', async () => {
  const server = busyServer(2 * EXPORT_PAGE + 37);
  const rows = await exportRows({ action: 'refund.approve' }, server.fetch);
  const ids = rows.map((row) => row.id);
  expect(ids).toEqual(Array.from({ length: 2 * EXPORT_PAGE + 37 }, (_, index) => 2 * EXPORT_PAGE + 37 - index));
  expect(new Set(ids).size).toBe(ids.length);
  expect(server.requests.map((request) => [request.page, request.before_id])).toEqual([
    [1, undefined],
    [1, 138],
    [1, 38],
  ]);
  expect(server.requests.every((request) => request.action === 'refund.approve')).toBe(true);
});

test('every action the server names has words on the audit page', () => {
  expect(AUDIT_ACTIONS).toEqual(
    expect.arrayContaining(['release.pin', 'release.rollback', 'release.canary', 'release.promote']),
  );
  for (const action of AUDIT_ACTIONS) expect(auditActionLabel(action)).not.toBe(action);
  expect(auditActionLabel('old.unknown')).toBe('old.unknown');
});
