import { validateCustomer, type CustomerProblem } from '../../../shared/customer-rules';
import type { CustomerSaveRequest, CustomerView } from '../../../shared/ipc-customers';
import { validateCustomerPhone } from '../../../shared/phone';
import { checkPhoneFields } from '../sale/order-field-checks';

/** The customer form as typed. */
export interface CustomerFormValues {
  name: string;
  phoneCountryCode: string;
  phoneNumber: string;
  email: string;
  notes: string;
}

export type CustomerField = keyof CustomerFormValues;

/**
 * The form's first values: a customer's own (their stored E.164 phone split back into its
 * two boxes), or empty with the store country's calling code for a new one.
 */
export function customerFormValues(
  customer: CustomerView | null,
  storeCallingCode: string,
): CustomerFormValues {
  const stored = customer?.phone
    ? validateCustomerPhone({ countryCode: '', number: customer.phone })
    : null;
  const phone = stored?.ok ? stored.value : null;
  return {
    name: customer?.name ?? '',
    phoneCountryCode: phone?.countryCode ?? storeCallingCode,
    phoneNumber: phone?.number ?? '',
    email: customer?.email ?? '',
    notes: customer?.notes ?? '',
  };
}

/** The error-table code a field shows for a problem the shared customer rules found. */
function problemCode(problem: CustomerProblem): string {
  switch (problem.problem) {
    case 'required':
      return 'customer-name-required';
    case 'email-invalid':
      return 'link-email-invalid';
    default:
      return problem.problem;
  }
}

/**
 * The customer's details checked by the shared rules main applies again
 * (`shared/customer-rules.ts`), the problem shown on its field (a phone's on the box that is
 * wrong, as on the sale form). The request, as typed, is present only when they pass.
 */
export function checkCustomerForm(
  values: CustomerFormValues,
  customerId: string | null,
): { errors: Partial<Record<CustomerField, string>>; request: CustomerSaveRequest | null } {
  const email = values.email.trim();
  const request: CustomerSaveRequest = {
    ...(customerId ? { customerId } : {}),
    name: values.name.trim(),
    phone:
      values.phoneNumber.trim() === ''
        ? null
        : { countryCode: values.phoneCountryCode.trim(), number: values.phoneNumber.trim() },
    email: email === '' ? null : email,
    notes: values.notes.trim(),
  };
  // The country code box is never empty by accident here: it starts with the store's code.
  const checked = validateCustomer(request, '');
  if (checked.ok) return { errors: {}, request };
  const { field } = checked.error;
  const code = problemCode(checked.error);
  if (field !== 'phone') return { errors: { [field]: code }, request: null };
  return { errors: { [checkPhoneFields(values).field ?? 'phoneNumber']: code }, request: null };
}
