import { z } from 'zod';

const initiatedByValues = ['Internet', 'Merchant'] as const;

/**
 * The merchant configuration flags of tokenization (GATEWAY-MORE.md §5.4, from
 * `GET /pgw/api/v1/config/{merchantPublicKey}`). Tests and the CLI set them through the
 * control surface (`setMerchantConfig`); the token calls obey them.
 */
export const merchantConfigSchema = z.strictObject({
  isTokenizationEnabled: z.boolean(),
  isCvvRequiredForTokenPayments: z.boolean(),
  is3dsRequiredForTokenPayments: z.boolean(),
  allowedInitiatedByValues: z.array(z.enum(initiatedByValues)),
  isCallbackEnabled: z.boolean(),
});
export type MerchantConfig = z.infer<typeof merchantConfigSchema>;

/** A change to some of the flags; the others stay. */
export const merchantConfigChangeSchema = merchantConfigSchema.partial();
export type MerchantConfigChange = z.infer<typeof merchantConfigChangeSchema>;

/** A merchant with tokenization on, as Paydesk's own merchants are configured. */
export const defaultMerchantConfig = (): MerchantConfig => ({
  isTokenizationEnabled: true,
  isCvvRequiredForTokenPayments: true,
  is3dsRequiredForTokenPayments: true,
  allowedInitiatedByValues: [...initiatedByValues],
  isCallbackEnabled: true,
});
