import type { LinkRequest } from './ipc-links';
import { validateOrder, type OrderError } from './order-rules';
import { validateCustomerPhone, type CustomerPhone, type PhoneError } from './phone';
import { err, ok, type Result } from './result';
import { operatorFieldError } from './text/operator-text';

export type LinkRequestError =
  | OrderError
  | PhoneError
  | 'link-description-invalid'
  | 'link-contact-required'
  | 'link-email-invalid';

export interface ValidLink {
  amountMinor: number;
  merchantReferenceId: string;
  description: string;
  phone: CustomerPhone | null;
  email: string | null;
}

const emailText = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** The customer email, trimmed (null when empty), or why it is not one. */
export const checkLinkEmail = (
  email: string | null,
): Result<string | null, 'link-email-invalid'> => {
  const trimmed = email?.trim() || null;
  return trimmed === null || emailText.test(trimmed) ? ok(trimmed) : err('link-email-invalid');
};

/** How long a link may live, in hours: the form's choices (24 by default). */
export const linkExpiryChoices = [1, 4, 12, 24, 48, 72, 168] as const;
export const defaultLinkExpiryHours = 24;

/**
 * A payment link the rules accept: the sale's amount and reference rules, a phone (country
 * code and number) and/or an email to send it to. The form checks the same rules as the
 * cashier types; main checks them again (the renderer is untrusted).
 */
export function validateLinkRequest(
  request: LinkRequest,
  capMinor: number | undefined,
): Result<ValidLink, LinkRequestError> {
  const order = validateOrder(request, capMinor);
  if (!order.ok) return order;
  const description = request.description.trim();
  const descriptionError = operatorFieldError(description, 'link-description-invalid');
  if (descriptionError) return err(descriptionError);
  const phone = validateCustomerPhone(request.phone);
  if (!phone.ok) return phone;
  const email = request.email?.trim() || null;
  if (email !== null && !emailText.test(email)) return err('link-email-invalid');
  if (phone.value === null && email === null) return err('link-contact-required');
  return ok({
    ...order.value,
    description,
    phone: phone.value,
    email,
  });
}
