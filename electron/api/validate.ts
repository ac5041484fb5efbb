// Validates every argument of a call at once, so the user sees each bad field together and nothing is sent.
import { z } from 'zod';
import { err, ok, validationError, type ApiError, type Result } from './errors';

type ValidationError = Extract<ApiError, { kind: 'validation' }>;

/** An argument's name (e.g. `schedule_id`; empty for a body whose fields name themselves) and its parse. */
export type Parsed<T> = readonly [field: string, result: z.ZodSafeParseResult<T>];

function problems(entries: ReadonlyArray<Parsed<unknown>>): ValidationError {
  const issues = entries.flatMap(([field, result]) =>
    result.success
      ? []
      : result.error.issues.map((issue) => (field === '' ? issue : { ...issue, path: [field, ...issue.path] })),
  );
  return validationError(issues);
}

export function valid1<A>(a: Parsed<A>): Result<A, ValidationError> {
  return a[1].success ? ok(a[1].data) : err(problems([a]));
}

export function valid2<A, B>(a: Parsed<A>, b: Parsed<B>): Result<[A, B], ValidationError> {
  const [, ra] = a;
  const [, rb] = b;
  return ra.success && rb.success ? ok([ra.data, rb.data]) : err(problems([a, b]));
}

export function valid3<A, B, C>(a: Parsed<A>, b: Parsed<B>, c: Parsed<C>): Result<[A, B, C], ValidationError> {
  const [, ra] = a;
  const [, rb] = b;
  const [, rc] = c;
  return ra.success && rb.success && rc.success ? ok([ra.data, rb.data, rc.data]) : err(problems([a, b, c]));
}

/** Bound on pages walked by the listAll helpers. */
export const MaxPagesSchema = z.number().int().min(1, 'must be at least 1').max(1000, 'must be at most 1000');
