export { AUDIT_ACTION_LABELS, auditActionLabel } from '@yaoshi/contracts/audit-actions';

/** before → after as one line of text, for the table and the CSV. */
export function changeText(value: unknown): string {
  if (value === null || value === undefined) return '';
  return typeof value === 'string' ? value : JSON.stringify(value);
}
