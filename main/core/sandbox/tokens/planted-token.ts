import { z } from 'zod';
import { checkCardNumber } from '../rules/card-rules';
import { agreementTypeSchema } from './token-fields';
import type { SandboxEnvironment } from '../operation-context';
import { saveToken } from './token-store';

/**
 * A saved card added by the control `plantToken`: a test card (default the challenge
 * Mastercard), its CVV and expiry (default 01/39), the merchant it belongs to (default this
 * sandbox's; another key makes a foreign token) and its agreement.
 */
export const plantedTokenSchema = z.strictObject({
  cardNumber: z.string().default('5123450000000008'),
  cvv: z
    .string()
    .regex(/^\d{3,4}$/)
    .default('123'),
  expiryMonth: z.number().int().min(1).max(12).default(1),
  expiryYear: z.number().int().min(0).max(99).default(39),
  merchantPublicKey: z.string().min(1).optional(),
  agreement: z.strictObject({ id: z.string().min(1), type: agreementTypeSchema }).optional(),
});
export type PlantedToken = z.input<typeof plantedTokenSchema>;

/** Saves the planted card; returns its tokenId. Throws on a card number the rules refuse. */
export const plantToken = (env: SandboxEnvironment, spec: PlantedToken): string => {
  const checked = plantedTokenSchema.parse(spec);
  const number = checkCardNumber(checked.cardNumber, 'cardNumber');
  if (!number.ok) throw new Error(number.error.message);
  const token = saveToken(
    env,
    {
      ...number.value,
      cvv: checked.cvv,
      holderName: 'PLANTED TOKEN',
      expiryMonth: checked.expiryMonth,
      expiryYear: checked.expiryYear,
    },
    {
      merchantPublicKey: checked.merchantPublicKey ?? env.merchant.merchantPublicKey,
      agreement: checked.agreement ?? null,
      sessionId: null,
    },
  );
  return token.id;
};
