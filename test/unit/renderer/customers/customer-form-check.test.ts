import { describe, expect, it } from 'vitest';
import type { CustomerView } from '../../../../shared/ipc-customers';
import {
  checkCustomerForm,
  customerFormValues,
  type CustomerFormValues,
} from '../../../../renderer/src/customers/customer-form-check';

const valid: CustomerFormValues = {
  name: ' Layla Hassan ',
  phoneCountryCode: '+966',
  phoneNumber: '050 123 4567',
  email: ' layla@example.com ',
  notes: ' Prefers calls after 5 pm ',
};

describe('the customer form', () => {
  it('sends the details trimmed, the phone as typed (main stores it as E.164)', () => {
    expect(checkCustomerForm(valid, null)).toEqual({
      errors: {},
      request: {
        name: 'Layla Hassan',
        phone: { countryCode: '+966', number: '050 123 4567' },
        email: 'layla@example.com',
        notes: 'Prefers calls after 5 pm',
      },
    });
  });

  it('names the customer it changes; no phone and no email are null', () => {
    const check = checkCustomerForm({ ...valid, phoneNumber: ' ', email: '' }, 'cus-1');
    expect(check.request).toMatchObject({ customerId: 'cus-1', phone: null, email: null });
  });

  it('puts each refusal on its field, a phone’s on the box that is wrong', () => {
    const errorsOf = (changes: Partial<CustomerFormValues>) =>
      checkCustomerForm({ ...valid, ...changes }, null).errors;
    expect(errorsOf({ name: '  ' })).toEqual({ name: 'customer-name-required' });
    expect(errorsOf({ name: '4111 1111 1111 1111' })).toEqual({ name: 'text-card-number' });
    expect(errorsOf({ notes: 'card 4111111111111111' })).toEqual({ notes: 'text-card-number' });
    expect(errorsOf({ email: 'layla@' })).toEqual({ email: 'link-email-invalid' });
    expect(errorsOf({ phoneCountryCode: '+999' })).toEqual({
      phoneCountryCode: 'phone-country-code',
    });
    expect(errorsOf({ phoneNumber: '12' })).toEqual({ phoneNumber: 'phone-number' });
    expect(checkCustomerForm({ ...valid, name: '' }, null).request).toBeNull();
  });

  it('starts from the customer’s own details, their E.164 phone in its two boxes', () => {
    const customer: CustomerView = {
      customerId: 'cus-1',
      name: 'Omar Khalid',
      phone: '+971501234567',
      email: null,
      notes: '',
      createdAt: 0,
      cards: [],
    };
    expect(customerFormValues(customer, '+966')).toEqual({
      name: 'Omar Khalid',
      phoneCountryCode: '+971',
      phoneNumber: '501234567',
      email: '',
      notes: '',
    });
    expect(customerFormValues(null, '+966')).toMatchObject({
      phoneCountryCode: '+966',
      phoneNumber: '',
    });
  });
});
