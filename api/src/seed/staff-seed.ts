import { inArray } from 'drizzle-orm';
import { z } from 'zod';
import { staffRoleSchema } from '@yaoshi/contracts/staff-admin';
import type { Clock } from '../clock';
import type { Database } from '../db/database';
import { writeAudit, type AuditActor } from '../audit/audit-log';
import { createStaff } from '../staff/staff-accounts';
import { staffAccounts } from '../staff/staff-schema';
import { readDemoData } from './demo-data';

const demoStaffSchema = z.object({
  note: z.string(),
  staff: z.array(
    z.object({
      username: z.string(),
      name: z.string(),
      roles: z.array(staffRoleSchema).min(1),
      password: z.string().min(10),
      totpSecret: z.string().regex(/^[A-Z2-7]{32}$/),
    }),
  ),
});

/** The demo staff accounts of `api/demo/staff.json`, one per role, with known passwords and TOTP secrets. */
export const DEMO_STAFF = readDemoData('staff.json', demoStaffSchema).staff;

const SEED_ACTOR: AuditActor = {
  staffId: null,
  username: '演示数据',
  roles: [],
  ip: 'localhost',
  kind: 'command-line',
};

/**
 * Development only (`NODE_ENV=development`, checked by the caller): adds the demo staff
 * accounts that are missing. Their passwords are public in the README, so they must never
 * exist anywhere else.
 */
export async function seedDemoStaff(db: Database, clock: Clock): Promise<boolean> {
  return db.transaction(async (tx) => {
    const present = new Set(
      (
        await tx
          .select({ username: staffAccounts.username })
          .from(staffAccounts)
          .where(
            inArray(
              staffAccounts.username,
              DEMO_STAFF.map((staff) => staff.username),
            ),
          )
      ).map((row) => row.username),
    );
    const missing = DEMO_STAFF.filter((staff) => !present.has(staff.username));
    for (const staff of missing)
      await createStaff(tx, clock, (entry) => writeAudit(tx, clock, SEED_ACTOR, entry), staff);
    return missing.length > 0;
  });
}
