import type { CustomerSaveRequest } from './ipc-customers';
import { checkLinkEmail } from './link-rules';
import { callingCodeOf, validateCustomerPhone, type PhoneError } from './phone';
import { err, ok, type Result } from './result';
import { checkOperatorText, holdsBidiControl } from './text/operator-text';
import { holdsCardDigits } from './text/card-in-text';

/** The field a customer's details were refused for, and why (the `customer-invalid` params). */
export interface CustomerProblem {
  field: 'name' | 'phone' | 'email' | 'notes';
  problem: 'required' | 'text-card-number' | 'text-bidi-control' | 'email-invalid' | PhoneError;
}

export interface ValidCustomer {
  name: string;
  /** E.164, or null for no phone. */
  phone: string | null;
  email: string | null;
  notes: string;
}

const textProblem = (field: CustomerProblem['field'], text: string): CustomerProblem | null => {
  const checked = checkOperatorText(text);
  return checked.ok ? null : { field, problem: checked.error };
};

/**
 * A customer's details as the directory keeps them: a name, free-text fields holding no card
 * number (the same strict rule as every operator field: twelve digits in a run are refused),
 * the phone as E.164 (a number typed without a country code is read in the store's country,
 * `merchantCountry`) and the email trimmed. The screen checks the same rules as the agent
 * types; main checks them again.
 */
export function validateCustomer(
  request: Omit<CustomerSaveRequest, 'customerId'>,
  merchantCountry: string,
): Result<ValidCustomer, CustomerProblem> {
  const name = request.name.trim();
  if (name === '') return err({ field: 'name', problem: 'required' });
  const notes = request.notes.trim();
  const problem = textProblem('name', name) ?? textProblem('notes', notes);
  if (problem) return err(problem);
  const email = checkLinkEmail(request.email);
  // An email is checked for shape only, so its own card rule: digits can hide in a local part.
  if (!email.ok || (email.value !== null && holdsCardDigits(email.value)))
    return err({ field: 'email', problem: 'email-invalid' });
  if (email.value !== null && holdsBidiControl(email.value))
    return err({ field: 'email', problem: 'text-bidi-control' });
  const typed = request.phone;
  const phone = validateCustomerPhone(
    typed && { ...typed, countryCode: typed.countryCode.trim() || callingCodeOf(merchantCountry) },
  );
  if (!phone.ok) return err({ field: 'phone', problem: phone.error });
  return ok({
    name,
    phone: phone.value && `${phone.value.countryCode}${phone.value.number}`,
    email: email.value,
    notes,
  });
}
