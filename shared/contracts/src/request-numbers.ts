import './zod-setup';
import { z } from 'zod';

/**
 * Whole numbers in a payload arrive as JSON numbers or, from the original client's query
 * strings, as digit strings. Only those two: `z.coerce.number()` would also take `true`
 * as 1, `[5]` as 5 and `" 7 "` as 7, so a payload of the wrong type would pass.
 */
export function wholeNumberSchema(min: number, max: number) {
  return z
    .union([
      z.number(),
      z
        .string()
        .regex(/^\d{1,10}$/)
        .transform(Number),
    ])
    .pipe(z.number().int().min(min).max(max));
}

/** A database id: a positive 32-bit integer. */
export const recordIdSchema = wholeNumberSchema(1, 2_147_483_647);
