import type { z } from 'zod';
import { err, ok, type Result } from '../../../../shared/result';
import { gatewayCodes } from '../codes';
import type { FieldError } from '../problem-details';

/**
 * Parses a normalised body with a request schema. Missing and mistyped fields become
 * per-field errors under the generic validation code (100.003), worded as ASP.NET words
 * them, so the problem body names every field at once.
 */
export const parseFields = <T>(schema: z.ZodType<T>, body: unknown): Result<T, FieldError[]> => {
  const parsed = schema.safeParse(body, {
    error: (issue) => {
      const field = issue.path?.join('.') ?? '';
      if (issue.input === undefined) return `The ${field || 'request'} field is required.`;
      return undefined;
    },
  });
  if (parsed.success) return ok(parsed.data);
  return err(
    parsed.error.issues.map((issue) => ({
      field: issue.path.join('.') || '$',
      code: gatewayCodes.invalidFields,
      message: issue.message,
    })),
  );
};

/** A checked value with further field errors folded in: ok only when there are none at all. */
export const withFieldErrors = <T>(
  result: Result<T, FieldError[]>,
  more: readonly FieldError[],
): Result<T, FieldError[]> => {
  if (!result.ok) return err([...result.error, ...more]);
  return more.length > 0 ? err([...more]) : result;
};

/** Two checks at once, so the refusal names every bad field. */
export const bothChecks = <A, B>(
  a: Result<A, FieldError[]>,
  b: Result<B, FieldError[]>,
): Result<readonly [A, B], FieldError[]> => {
  if (a.ok && b.ok) return ok([a.value, b.value] as const);
  return err([...(a.ok ? [] : a.error), ...(b.ok ? [] : b.error)]);
};
