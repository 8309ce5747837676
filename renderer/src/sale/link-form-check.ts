import type { LinkRequest } from '../../../shared/ipc-links';
import { checkLinkEmail } from '../../../shared/link-rules';
import type { Currency } from '../../../shared/money/currencies';
import { operatorFieldError } from '../../../shared/text/operator-text';
import { checkOrderFields } from './order-field-checks';

/** The link form as typed. */
export interface LinkFormValues {
  amount: string;
  currency: Currency;
  merchantReferenceId: string;
  phoneCountryCode: string;
  phoneNumber: string;
  email: string;
  description: string;
  expiryHours: number;
  authorizeOnly: boolean;
}

export type LinkField =
  | 'amount'
  | 'currency'
  | 'merchantReferenceId'
  | 'phoneCountryCode'
  | 'phoneNumber'
  | 'email'
  | 'description';

/** Focus order: the first field in error gets the cursor on a refused Send. */
export const linkFieldOrder: readonly LinkField[] = [
  'amount',
  'currency',
  'merchantReferenceId',
  'phoneCountryCode',
  'phoneNumber',
  'email',
  'description',
];

export interface LinkFormCheck {
  errors: Partial<Record<LinkField, string>>;
  request: LinkRequest | null;
  amountMinor: number | null;
}

/**
 * The renderer's live check of the link form: the shared rules main applies again on Send
 * (shared/link-rules.ts), each error on the field to fix.
 */
export function checkLinkForm(values: LinkFormValues, capMinor?: number): LinkFormCheck {
  const errors: Partial<Record<LinkField, string>> = {};
  const { amount, reference, phone } = checkOrderFields(values, errors, capMinor);
  const email = checkLinkEmail(values.email);
  if (!email.ok) errors.email = email.error;
  else if (phone.ok && phone.value === null && email.value === null)
    errors.phoneNumber = 'link-contact-required';
  const description = values.description.trim();
  const descriptionError = operatorFieldError(description, 'link-description-invalid');
  if (descriptionError) errors.description = descriptionError;
  const valid = Object.keys(errors).length === 0 && amount.ok && phone.ok && email.ok;
  return {
    errors,
    amountMinor: amount.ok ? amount.value : null,
    request: valid
      ? {
          amount: values.amount.trim(),
          currency: values.currency,
          merchantReferenceId: reference,
          description,
          phone: phone.value,
          email: email.value,
          expiryHours: values.expiryHours,
          authorizeOnly: values.authorizeOnly,
        }
      : null,
  };
}
