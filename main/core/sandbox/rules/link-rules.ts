import { z } from 'zod';
import { currencies, type Currency } from '../../../../shared/money/currencies';
import { err, ok, type Result } from '../../../../shared/result';
import { gatewayCodes, type GatewayCode } from '../codes';
import type { LinkCustomer, LinkItem } from '../links/link-record';
import type { FieldError } from '../problem-details';
import { minorUnitsOf } from './amount-rules';
import { checkCustomerPhone } from './customer-phone';
import { gatewayNumberSchema } from './gateway-number';

/** Links live at most this long, and this long when the request names no expiry (DOCS). */
export const LINK_MAX_LIFETIME_MS = 30 * 24 * 60 * 60_000;

const customerSchema = z.object({
  email: z.string().max(254).optional(),
  // AND sends phoneNumber, IOS phone (GATEWAY-MORE.md §2.2): both are read.
  phoneNumber: z.string().max(24).optional(),
  phone: z.string().max(24).optional(),
  phoneCountryCode: z.string().max(8).optional(),
  name: z.string().max(100).optional(),
});

const itemSchema = z.object({
  description: z.string().max(200).optional(),
  price: gatewayNumberSchema,
  quantity: z.number().int().min(1).max(10_000),
});

const detailsSchema = z.object({
  preAuthorizeAmount: z.boolean().optional(),
  merchantReferenceId: z.string().max(100).optional(),
  eInvoiceItems: z.array(itemSchema).max(50).optional(),
});

/** Create's body (GATEWAY-MORE.md §2.2); Update's adds paymentIntentId. */
export const linkSchema = z.object({
  amount: gatewayNumberSchema,
  currency: z.enum(currencies),
  customer: customerSchema.optional(),
  eInvoiceDetails: detailsSchema.optional(),
  expiryDate: z.string().optional(),
  language: z.string().max(8).optional(),
});
export type LinkInput = z.infer<typeof linkSchema>;

/** What a checked create or update request sets on a link. */
export interface CheckedLink {
  readonly amountMinor: number;
  readonly currency: Currency;
  readonly customer: LinkCustomer;
  readonly merchantReferenceId: string | null;
  readonly items: LinkItem[];
  readonly preAuthorize: boolean;
  readonly expiresAt: number;
  readonly language: string | null;
}

const problem = (field: string, code: GatewayCode, message?: string): FieldError => ({
  field,
  code,
  message: message ?? code.detailedResponseMessage,
});

// ISO 8601 with an explicit offset, as AND and IOS format it (yyyy-MM-dd'T'HH:mm:ss.SSSXXX).
const isoWithOffset = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,7})?)?(Z|[+-]\d{2}:\d{2})$/;
const emailText = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

const checkExpiry = (text: string | undefined, now: number): Result<number, FieldError> => {
  if (text === undefined) return ok(now + LINK_MAX_LIFETIME_MS);
  const at = isoWithOffset.test(text) ? Date.parse(text) : Number.NaN;
  if (Number.isNaN(at) || at <= now || at > now + LINK_MAX_LIFETIME_MS)
    return err(problem('expiryDate', gatewayCodes.linkExpiryInvalid));
  return ok(at);
};

const checkCustomer = (customer: LinkInput['customer']): Result<LinkCustomer, FieldError[]> => {
  const email = customer?.email?.trim() || null;
  const phone = (customer?.phoneNumber ?? customer?.phone)?.replace(/[\s-]/g, '') || null;
  const phoneCountryCode = customer?.phoneCountryCode?.trim() || null;
  if (email === null && phone === null)
    return err([problem('customer', gatewayCodes.linkCustomerMissing)]);
  const errors = checkCustomerPhone(phone ?? undefined, phoneCountryCode ?? undefined).map(
    (error) => ({
      ...error,
      field:
        error.field === 'customerPhoneNumber'
          ? 'customer.phoneNumber'
          : 'customer.phoneCountryCode',
    }),
  );
  if (email !== null && !emailText.test(email))
    errors.push(problem('customer.email', gatewayCodes.emailInvalid));
  if (errors.length > 0) return err(errors);
  return ok({ email, phone, phoneCountryCode, name: customer?.name?.trim() || null });
};

const amountError = (field: string, reason: string): FieldError =>
  problem(
    field,
    gatewayCodes.invalidFields,
    `The amount must be positive with at most the currency's decimals (${reason}).`,
  );

/**
 * The items, each priced in the currency's decimals; their total must be the amount (DOCS:
 * "equal to the sum of eInvoiceItems.price × quantity"). No items: one line for the amount.
 */
const checkItems = (input: LinkInput, amountMinor: number): Result<LinkItem[], FieldError[]> => {
  const items = input.eInvoiceDetails?.eInvoiceItems;
  if (items === undefined || items.length === 0)
    return ok([{ description: '', priceMinor: amountMinor, quantity: 1 }]);
  const errors: FieldError[] = [];
  const checked: LinkItem[] = [];
  items.forEach((item, index) => {
    const price = minorUnitsOf(item.price, input.currency);
    if (!price.ok)
      errors.push(amountError(`eInvoiceDetails.eInvoiceItems.${index}.price`, price.error));
    else
      checked.push({
        description: item.description ?? '',
        priceMinor: price.value,
        quantity: item.quantity,
      });
  });
  if (errors.length > 0) return err(errors);
  const total = checked.reduce((sum, item) => sum + item.priceMinor * item.quantity, 0);
  if (total !== amountMinor) return err([problem('amount', gatewayCodes.linkItemsMismatch)]);
  return ok(checked);
};

/** Every rule of a create or update request at once, so the refusal names every bad field. */
export const checkLink = (input: LinkInput, now: number): Result<CheckedLink, FieldError[]> => {
  const errors: FieldError[] = [];
  const amount = minorUnitsOf(input.amount, input.currency);
  if (!amount.ok) errors.push(amountError('amount', amount.error));
  const customer = checkCustomer(input.customer);
  if (!customer.ok) errors.push(...customer.error);
  const expiry = checkExpiry(input.expiryDate, now);
  if (!expiry.ok) errors.push(expiry.error);
  const items = amount.ok ? checkItems(input, amount.value) : ok([]);
  if (!items.ok) errors.push(...items.error);
  if (!amount.ok || !customer.ok || !expiry.ok || !items.ok || errors.length > 0)
    return err(errors);
  return ok({
    amountMinor: amount.value,
    currency: input.currency,
    customer: customer.value,
    merchantReferenceId: input.eInvoiceDetails?.merchantReferenceId ?? null,
    items: items.value,
    preAuthorize: input.eInvoiceDetails?.preAuthorizeAmount ?? false,
    expiresAt: expiry.value,
    language: input.language ?? null,
  });
};
