import { z } from 'zod';
import { gatewayCodes, type GatewayCode } from '../codes';
import type { FieldError } from '../problem-details';
import type { Agreement, AgreementType, InitiatedBy } from '../state';
import type { MerchantConfig } from './merchant-config';

/** An enum value as ASP.NET's string-enum converter reads it: any case, named canonically. */
const enumIgnoringCase = <T extends string>(values: readonly T[]) =>
  z.string().transform((text, context) => {
    const found = values.find((value) => value.toLowerCase() === text.toLowerCase());
    if (found === undefined) {
      context.addIssue({
        code: 'custom',
        message: `The value must be one of ${values.join(', ')}.`,
      });
      return z.NEVER;
    }
    return found;
  });

export const initiatedBySchema = enumIgnoringCase<InitiatedBy>(['Internet', 'Merchant']);
export const agreementTypeSchema = enumIgnoringCase<AgreementType>([
  'Recurring',
  'Installment',
  'Unscheduled',
]);

/** A boolean, or the text `true`/`false` (any case) some clients send. */
export const flagSchema = z.union([
  z.boolean(),
  z
    .string()
    .regex(/^(true|false)$/i)
    .transform((text) => text.toLowerCase() === 'true'),
]);

/**
 * The tokenization fields of session create, initiate and payer (GATEWAY-MORE.md §5.1), and
 * of the token calls: whether to save the card, who initiates, under which agreement.
 */
export const tokenizationFields = {
  cardOnFile: flagSchema.optional(),
  initiatedBy: initiatedBySchema.optional(),
  agreementId: z.string().min(1).max(100).optional(),
  agreementType: agreementTypeSchema.optional(),
};

export interface TokenizationInput {
  readonly cardOnFile?: boolean | undefined;
  readonly initiatedBy?: InitiatedBy | undefined;
  readonly agreementId?: string | undefined;
  readonly agreementType?: AgreementType | undefined;
}

/** An agreement is its id and type together: one without the other is a field error. */
export const agreementOf = (
  input: TokenizationInput,
): { agreement: Agreement | null; errors: FieldError[] } => {
  const { agreementId: id, agreementType: type } = input;
  if (id !== undefined && type !== undefined) return { agreement: { id, type }, errors: [] };
  if (id === undefined && type === undefined) return { agreement: null, errors: [] };
  const missing = id === undefined ? 'agreementId' : 'agreementType';
  return {
    agreement: null,
    errors: [
      {
        field: missing,
        code: gatewayCodes.invalidFields,
        message: `The ${missing} field is required with ${id === undefined ? 'agreementType' : 'agreementId'}.`,
      },
    ],
  };
};

/** Why the merchant configuration refuses saving a card now; null when it allows it. */
export const savingRefused = (config: MerchantConfig, cardOnFile: boolean): GatewayCode | null =>
  cardOnFile && !config.isTokenizationEnabled ? gatewayCodes.tokenizationDisabled : null;
