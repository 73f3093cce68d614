import './zod-setup';
import { z } from 'zod';

/**
 * What the staff console's lists share (issue 18): every call is under /v1/admin/ in the
 * signed envelope, `auth: 'staff'` needs a staff session (a learner's token is refused like
 * no token) and `permission` names what the staff member's roles must grant. Lists come in
 * pages of at most 100; times are Beijing time as text.
 */

/** Beijing time, 'YYYY-MM-DD HH:mm:ss'. */
export const adminTimeText = z.string();

/** A page of a console list: `page` from 1, `size` rows (default 20, at most 100). */
export const adminPageFields = {
  page: z.number().int().min(1).default(1),
  size: z.number().int().min(1).max(100).default(20),
};
