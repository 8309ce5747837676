import { z } from 'zod';
import { existingPaymentSchema } from './ipc-history';

const text = (max: number) => z.string().max(max);

/**
 * The values a failure's sentence names (the refused fields, a count), by placeholder: the
 * renderer's text for the code places them, so main never sends a sentence of its own.
 */
export const failureParamsSchema = z.record(text(32), z.union([text(500), z.number().finite()]));
export type FailureParams = z.infer<typeof failureParamsSchema>;

/** A refusal as it crosses the bridge: a code for the renderer to translate, never English. */
export const ipcErrorSchema = z.object({
  code: text(64),
  params: failureParamsSchema.optional(),
  correlationId: text(128).nullable().optional(),
  /** With `reference-in-use`: the payment that already holds the merchant reference. */
  existingPayment: existingPaymentSchema.optional(),
});
export type IpcError = z.infer<typeof ipcErrorSchema>;

/** What every invoke resolves to: the bridge never throws raw errors. */
export type IpcResult<T> = { ok: true; value: T } | { ok: false; error: IpcError };
