import type { Locator, Page } from '@playwright/test';
import { idNumberCheckCharacter } from '@yaoshi/contracts/identity-rules';

/** The row of /myOrder's table (or any table) whose cell is exactly the order number. */
export function orderRow(page: Page, orderId: string): Locator {
  return page.getByRole('row').filter({ has: page.getByRole('cell', { name: orderId, exact: true }) });
}

/**
 * A valid 18-digit ID number for a learner a test creates: born on a day of 1990 picked by
 * `serial`, in the district `area` (distinct areas keep specs that run together apart).
 */
export function testIdNumber(serial: number, area: string): string {
  const born = new Date(Date.UTC(1990, 0, 1) + (serial % 3650) * 86_400_000)
    .toISOString()
    .slice(0, 10)
    .replaceAll('-', '');
  const first17 = `${area}${born}${String(serial % 1000).padStart(3, '0')}`;
  return first17 + idNumberCheckCharacter(first17);
}
