/**
 * Rules return values, never throw: a failed check carries a code the UI can translate and
 * main can send across IPC unchanged.
 */
export type Result<T, E extends string = string> =
  | { readonly ok: true; readonly value: T }
  | { readonly ok: false; readonly error: E };

export const ok = <T>(value: T): { readonly ok: true; readonly value: T } => ({ ok: true, value });
export const err = <E extends string>(error: E): { readonly ok: false; readonly error: E } => ({
  ok: false,
  error,
});
