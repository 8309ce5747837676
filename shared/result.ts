/**
 * Rules return values, never throw: a failed check carries a code the UI can translate and
 * main can send across IPC unchanged. The error type is open so richer refusals (the
 * sandbox's field errors) use the same shape; rules shared with the UI use string codes.
 */
export type Result<T, E = string> =
  { readonly ok: true; readonly value: T } | { readonly ok: false; readonly error: E };

export const ok = <T>(value: T): { readonly ok: true; readonly value: T } => ({ ok: true, value });
export const err = <E>(error: E): { readonly ok: false; readonly error: E } => ({
  ok: false,
  error,
});
