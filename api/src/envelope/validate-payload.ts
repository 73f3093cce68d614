import type { z } from 'zod';
import { MESSAGES } from '../messages';
import { ApiError } from './api-error';

/**
 * Validates a payload against a contract's request schema and names the first offending
 * field in the message, so a developer reading 请求参数不合法：limit knows where to look.
 */
export function validatePayload<S extends z.ZodType>(schema: S, payload: unknown): z.output<S> {
  const result = schema.safeParse(payload);
  if (result.success) return result.data;
  throw new ApiError(
    400,
    formMessage(result.error.issues) ?? MESSAGES.payloadInvalid(describeIssues(result.error.issues)),
  );
}

type Issue = z.core.$ZodIssue;

const CHINESE = /[\u4e00-\u9fff]/;

/**
 * A form field's own text, when the contract gives one (spec 01 §5: the account forms),
 * so the server refuses with the words the browser form shows. zod's built-in texts are
 * English and are never sent; those refusals name the field instead.
 */
export function formMessage(issues: readonly Issue[]): string | null {
  const issue = issues[0];
  if (!issue) return null;
  if (CHINESE.test(issue.message)) return issue.message;
  if (issue.code === 'invalid_union' && issue.errors.length > 0) {
    const closest = issue.errors.reduce((best, candidate) => (candidate.length < best.length ? candidate : best));
    return formMessage(closest);
  }
  return null;
}

/** The field an issue is about; for unknown fields, their names. */
export function describeIssues(issues: readonly Issue[]): string {
  const issue = issues[0];
  if (!issue) return '';
  if (issue.code === 'invalid_union' && issue.errors.length > 0) {
    // Several shapes are allowed (e.g. an article list or one article): report against
    // the shape the payload came closest to, i.e. the one with the fewest complaints.
    const closest = issue.errors.reduce((best, candidate) => (candidate.length < best.length ? candidate : best));
    const inner = describeIssues(closest);
    if (inner) return prefixed(issue.path, inner);
  }
  if (issue.code === 'unrecognized_keys') return prefixed(issue.path, issue.keys.join(', '));
  return issue.path.map(String).join('.');
}

function prefixed(path: readonly PropertyKey[], field: string): string {
  return path.length === 0 ? field : `${path.map(String).join('.')}.${field}`;
}
