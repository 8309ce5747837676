import { z } from 'zod';
import { err, ok, type Result } from '../../../../shared/result';
import { gatewayCodes } from '../codes';
import type { FieldError } from '../problem-details';

// The object schema inside optional/default wrappers, if any.
const objectSchemaOf = (schema: z.ZodType): z.ZodObject | null => {
  if (schema instanceof z.ZodObject) return schema;
  if (schema instanceof z.ZodOptional || schema instanceof z.ZodDefault)
    return objectSchemaOf(schema.unwrap() as z.ZodType);
  return null;
};

/**
 * The body with its property names spelled as the schema spells them, at every depth: the
 * gateway is an ASP.NET service with the web JSON defaults, so `Reason` reads as `reason`
 * and `RETURNURL` as `returnUrl` (GATEWAY.md, "What the gateway tolerates"). When two names
 * differ only in case, the later one wins, as System.Text.Json reads them.
 */
export const matchPropertyNames = (schema: z.ZodType, value: unknown): unknown => {
  const object = objectSchemaOf(schema);
  if (!object || value === null || typeof value !== 'object' || Array.isArray(value)) return value;
  const shape = object.shape as Record<string, z.ZodType>;
  const byLowerCase = new Map(Object.keys(shape).map((name) => [name.toLowerCase(), name]));
  const result: Record<string, unknown> = {};
  for (const [key, entry] of Object.entries(value)) {
    const name = byLowerCase.get(key.toLowerCase());
    if (name === undefined) result[key] = entry;
    else result[name] = matchPropertyNames(shape[name] as z.ZodType, entry);
  }
  return result;
};

/**
 * Parses a normalised body with a request schema (property names in any case). Missing and mistyped fields become
 * per-field errors under the generic validation code (100.003), worded as ASP.NET words
 * them, so the problem body names every field at once.
 */
export const parseFields = <T>(schema: z.ZodType<T>, body: unknown): Result<T, FieldError[]> => {
  const parsed = schema.safeParse(matchPropertyNames(schema, body), {
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
