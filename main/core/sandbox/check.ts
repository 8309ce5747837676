/**
 * The outcome of a sandbox check. shared/result.ts's Result holds string codes only (what
 * crosses IPC); the sandbox's refusals are richer values (field errors with their gateway
 * code, gateway code entries), so it uses this same shape with any error type.
 */
export type Check<T, E> =
  { readonly ok: true; readonly value: T } | { readonly ok: false; readonly error: E };

export const pass = <T>(value: T): { readonly ok: true; readonly value: T } => ({
  ok: true,
  value,
});
export const fail = <E>(error: E): { readonly ok: false; readonly error: E } => ({
  ok: false,
  error,
});
