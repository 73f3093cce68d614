import { and, asc, count, desc, eq, gt, ilike, isNull, lte, or, type SQL } from 'drizzle-orm';
import type { LearnerListRequest, LearnerListResponse } from '@yaoshi/contracts/admin';
import type { Clock } from '../clock';
import { formatBeijingTime } from '@yaoshi/contracts/beijing-time';
import type { Database } from '../db/database';
import { learners } from '../accounts/accounts-schema';
import { escapeLike } from '../audit/audit-log';

type Query = LearnerListRequest & {
  page: number;
  size: number;
  sort: 'created_at' | 'name' | 'id_number';
  order: 'asc' | 'desc';
};

const contains = (text: string) => `%${escapeLike(text)}%`;

/** The registrar's learner list: filtered, sorted and paged in the database. */
export async function listLearners(db: Database, clock: Clock, query: Query): Promise<LearnerListResponse> {
  const now = clock.now();
  const conditions: (SQL | undefined)[] = [];
  if (query.keyword) {
    const k = contains(query.keyword);
    conditions.push(or(ilike(learners.name, k), ilike(learners.idNumber, k), ilike(learners.phone, k)));
  }
  if (query.name) conditions.push(ilike(learners.name, contains(query.name)));
  if (query.id_number) conditions.push(ilike(learners.idNumber, contains(query.id_number.toUpperCase())));
  if (query.phone) conditions.push(ilike(learners.phone, contains(query.phone)));
  if (query.company) conditions.push(ilike(learners.company, contains(query.company)));
  if (query.region) {
    const code = query.region;
    conditions.push(
      code.endsWith('0000')
        ? eq(learners.provinceCode, code)
        : code.endsWith('00')
          ? eq(learners.cityCode, code)
          : eq(learners.countyCode, code),
    );
  }
  if (query.avatar_status !== undefined) conditions.push(eq(learners.avatarStatus, query.avatar_status));
  if (query.locked === true) conditions.push(gt(learners.passwordLockedUntil, now));
  if (query.locked === false)
    conditions.push(or(isNull(learners.passwordLockedUntil), lte(learners.passwordLockedUntil, now)));
  const where = and(...conditions);
  const column = { created_at: learners.createdAt, name: learners.name, id_number: learners.idNumber }[query.sort];
  const direction = query.order === 'asc' ? asc : desc;
  const [total] = await db.select({ n: count() }).from(learners).where(where);
  const rows = await db
    .select()
    .from(learners)
    .where(where)
    .orderBy(direction(column), direction(learners.id))
    .limit(query.size)
    .offset((query.page - 1) * query.size);
  return {
    total: Number(total?.n ?? 0),
    list: rows.map((row) => ({
      id: row.id,
      name: row.name,
      id_number: row.idNumber,
      phone: row.phone,
      company: row.company,
      region: [row.province, row.city, row.county].filter(Boolean).join(' '),
      avatar_status: row.avatarStatus,
      locked: row.passwordLockedUntil !== null && row.passwordLockedUntil.getTime() > now.getTime(),
      created_at: formatBeijingTime(row.createdAt),
    })),
  };
}
