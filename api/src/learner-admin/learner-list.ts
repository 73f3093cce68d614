import { and, asc, count, desc, eq, gt, ilike, isNull, lte, or, type SQL } from 'drizzle-orm';
import type { LearnerListRequest, LearnerListResponse } from '@yaoshi/contracts/learner-admin';
import type { Clock } from '../clock';
import { formatBeijingTime } from '@yaoshi/contracts/beijing-time';
import type { Database } from '../db/database';
import { learners } from '../accounts/accounts-schema';
import { escapeLike } from '../audit/audit-log';
import type { PersonalView } from '../auth/personal-view';

type Query = LearnerListRequest & {
  page: number;
  size: number;
  sort: 'created_at' | 'name' | 'id_number';
  order: 'asc' | 'desc';
};

const contains = (text: string) => `%${escapeLike(text)}%`;

/**
 * The registrar's learner list: filtered, sorted and paged in the database. ID numbers and
 * phones come through `view`; a staff member who sees them masked finds a learner by a whole
 * ID number or phone only, never by a part (a part would spell a number out digit by digit).
 */
export async function listLearners(
  db: Database,
  clock: Clock,
  query: Query,
  view: PersonalView,
): Promise<LearnerListResponse> {
  const now = clock.now();
  const conditions: (SQL | undefined)[] = [];
  const idNumberMatches = (text: string) =>
    view.mayReveal ? ilike(learners.idNumber, contains(text.toUpperCase())) : eq(learners.idNumber, text.toUpperCase());
  const phoneMatches = (text: string) =>
    view.mayReveal ? ilike(learners.phone, contains(text)) : eq(learners.phone, text);
  if (query.keyword)
    conditions.push(
      or(ilike(learners.name, contains(query.keyword)), idNumberMatches(query.keyword), phoneMatches(query.keyword)),
    );
  if (query.name) conditions.push(ilike(learners.name, contains(query.name)));
  if (query.id_number) conditions.push(idNumberMatches(query.id_number));
  if (query.phone) conditions.push(phoneMatches(query.phone));
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
      id_number: view.idNumber(row.idNumber),
      phone: view.phone(row.phone),
      closed: row.closedAt !== null,
      company: row.company,
      region: [row.province, row.city, row.county].filter(Boolean).join(' '),
      avatar_status: row.avatarStatus,
      locked: row.passwordLockedUntil !== null && row.passwordLockedUntil.getTime() > now.getTime(),
      created_at: formatBeijingTime(row.createdAt),
    })),
  };
}
