import { describe, expect, it } from 'vitest';
import { validateCustomerPhone } from '../../../shared/phone';

describe('validateCustomerPhone', () => {
  it.each([
    [null, null],
    [{ countryCode: '', number: '' }, null],
    [{ countryCode: ' ', number: ' - ' }, null],
    [
      { countryCode: '+966', number: '501234567' },
      { countryCode: '+966', number: '501234567' },
    ],
    [
      { countryCode: ' +20 ', number: '010-1234 5678' },
      { countryCode: '+20', number: '01012345678' },
    ],
    [
      { countryCode: '+1', number: '5551' },
      { countryCode: '+1', number: '5551' },
    ],
    [
      { countryCode: '+971', number: '12345678901234' },
      { countryCode: '+971', number: '12345678901234' },
    ],
  ])('accepts %j', (input, value) => {
    expect(validateCustomerPhone(input)).toEqual({ ok: true, value });
  });

  it.each([
    [{ countryCode: '+966', number: '' }, 'phone-incomplete'],
    [{ countryCode: '', number: '501234567' }, 'phone-incomplete'],
    [{ countryCode: '966', number: '501234567' }, 'phone-country-code'],
    [{ countryCode: '+9661', number: '501234567' }, 'phone-country-code'],
    [{ countryCode: '+', number: '501234567' }, 'phone-country-code'],
    [{ countryCode: '+0', number: '501234567' }, 'phone-country-code'],
    [{ countryCode: '+9 66', number: '501234567' }, 'phone-country-code'],
    [{ countryCode: '+966', number: '123' }, 'phone-number'],
    [{ countryCode: '+966', number: '123456789012345' }, 'phone-number'],
    [{ countryCode: '+966', number: '(50) 123' }, 'phone-number'],
    [{ countryCode: '+966', number: '+966501234567' }, 'phone-number'],
  ])('refuses %j with %s', (input, error) => {
    expect(validateCustomerPhone(input)).toEqual({ ok: false, error });
  });
});
