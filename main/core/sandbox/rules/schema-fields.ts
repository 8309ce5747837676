import type { z } from 'zod';
import { fail, pass, type Check } from '../check';
import { gatewayCodes } from '../codes';
import type { FieldError } from '../problem-details';

/**
 * Parses a normalised body with a request schema. Missing and mistyped fields become
 * per-field errors under the generic validation code (100.003), worded as ASP.NET words
 * them, so the problem body names every field at once.
 */
export const parseFields = <T>(schema: z.ZodType<T>, body: unknown): Check<T, FieldError[]> => {
  const parsed = schema.safeParse(body, {
    error: (issue) => {
      const field = issue.path?.join('.') ?? '';
      if (issue.input === undefined) return `The ${field || 'request'} field is required.`;
      return undefined;
    },
  });
  if (parsed.success) return pass(parsed.data);
  return fail(
    parsed.error.issues.map((issue) => ({
      field: issue.path.join('.') || '$',
      code: gatewayCodes.invalidFields,
      message: issue.message,
    })),
  );
};

/** A checked value with further field errors folded in: ok only when there are none at all. */
export const withFieldErrors = <T>(
  result: Check<T, FieldError[]>,
  more: readonly FieldError[],
): Check<T, FieldError[]> => {
  if (!result.ok) return fail([...result.error, ...more]);
  return more.length > 0 ? fail([...more]) : result;
};

/** Two checks at once, so the refusal names every bad field. */
export const bothChecks = <A, B>(
  a: Check<A, FieldError[]>,
  b: Check<B, FieldError[]>,
): Check<readonly [A, B], FieldError[]> => {
  if (a.ok && b.ok) return pass([a.value, b.value] as const);
  return fail([...(a.ok ? [] : a.error), ...(b.ok ? [] : b.error)]);
};
