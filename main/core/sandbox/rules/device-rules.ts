import { z } from 'zod';
import { err, ok, type Result } from '../../../../shared/result';
import { gatewayCodes } from '../codes';
import { digestOf } from '../digest';
import type { FieldError } from '../problem-details';

/** Members are optional here so a missing one gets its own code (100.010), not the generic. */
export const deviceSchema = z.object({
  providerDeviceId: z.string().optional(),
  language: z.string().optional(),
  userAgent: z.string().optional(),
});
export type DeviceInput = z.infer<typeof deviceSchema>;

const members = ['providerDeviceId', 'language', 'userAgent'] as const;

/**
 * Every deviceIdentification member is required and non-blank (seed §4.1). The answer is
 * the set's digest: the card network refuses a set it has seen before (seed §1), so the
 * sandbox remembers digests, never the values.
 */
export const checkDevice = (device: DeviceInput): Result<string, FieldError[]> => {
  const missing = members.filter((name) => (device[name] ?? '').trim() === '');
  if (missing.length > 0) {
    return err(
      missing.map((name) => ({
        field: `deviceIdentification.${name}`,
        code: gatewayCodes.deviceIncomplete,
        message: `The deviceIdentification.${name} field is required.`,
      })),
    );
  }
  return ok(digestOf(...members.map((name) => device[name] ?? '')));
};
