import { describe, expect, it } from 'vitest';
import {
  callingCodeOf,
  formatCustomerPhone,
  isPhoneCountry,
  validateCustomerPhone,
} from '../../../shared/phone';

const saudi = (number: string) => validateCustomerPhone({ countryCode: '+966', number });

describe('validateCustomerPhone', () => {
  it.each([
    ['0501234567', 'national, with the trunk 0'],
    ['501234567', 'national, without the trunk 0'],
    ['050 123 4567', 'with spaces'],
    ['050-123-4567', 'with dashes'],
    ['(050) 123 4567', 'with brackets'],
    ['+966501234567', 'international'],
    ['+966 50 123 4567', 'international with spaces'],
    ['00966501234567', 'international with 00'],
    ['+966 0501234567', 'international with the trunk 0 kept'],
    ['٠٥٠١٢٣٤٥٦٧', 'in Arabic-Indic digits'],
  ])('reads the Saudi mobile %s (%s) as +966 501234567', (number) => {
    expect(saudi(number)).toEqual({
      ok: true,
      value: { countryCode: '+966', number: '501234567' },
    });
  });

  it('reads the country code box with or without its +', () => {
    expect(validateCustomerPhone({ countryCode: '966', number: '0501234567' })).toEqual({
      ok: true,
      value: { countryCode: '+966', number: '501234567' },
    });
  });

  it.each([
    ['+20', '010 1234 5678', '+20', '1012345678'],
    ['+971', '050 123 4567', '+971', '501234567'],
    ['+44', '07400 123456', '+44', '7400123456'],
    ['+1', '(202) 555-0123', '+1', '2025550123'],
    // An international number wins over the box: the customer's phone is foreign.
    ['+966', '+20 10 1234 5678', '+20', '1012345678'],
  ])('other countries: %s %s is %s %s', (countryCode, number, code, national) => {
    expect(validateCustomerPhone({ countryCode, number })).toEqual({
      ok: true,
      value: { countryCode: code, number: national },
    });
  });

  it('no number is no phone, whatever the country code box holds', () => {
    expect(validateCustomerPhone(null)).toEqual({ ok: true, value: null });
    expect(saudi('')).toEqual({ ok: true, value: null });
    expect(validateCustomerPhone({ countryCode: '', number: ' - ' })).toEqual({
      ok: true,
      value: null,
    });
  });

  it.each([
    [{ countryCode: '+966', number: '123' }, 'phone-number'],
    [{ countryCode: '+966', number: '0401234567' }, 'phone-number'],
    [{ countryCode: '+966', number: '0001234567' }, 'phone-number'],
    [{ countryCode: '+966', number: '05012345678901' }, 'phone-number'],
    [{ countryCode: '+966', number: '05O1234567' }, 'phone-number'],
    [{ countryCode: '+1', number: '555 123 4567' }, 'phone-number'],
    [{ countryCode: '', number: '0501234567' }, 'phone-incomplete'],
    [{ countryCode: '+9661', number: '0501234567' }, 'phone-country-code'],
    [{ countryCode: '+0', number: '0501234567' }, 'phone-country-code'],
    [{ countryCode: '+999', number: '0501234567' }, 'phone-country-code'],
    [{ countryCode: 'SA', number: '0501234567' }, 'phone-country-code'],
  ])('refuses %j: %s', (input, error) => {
    expect(validateCustomerPhone(input)).toEqual({ ok: false, error });
  });
});

describe('the store’s country', () => {
  it('gives the calling code the forms start with', () => {
    expect(callingCodeOf('SA')).toBe('+966');
    expect(callingCodeOf('AE')).toBe('+971');
    expect(callingCodeOf('XX')).toBe('');
    expect(isPhoneCountry('SA')).toBe(true);
    expect(isPhoneCountry('sa')).toBe(false);
  });
});

describe('formatCustomerPhone', () => {
  it('writes a stored phone internationally', () => {
    expect(formatCustomerPhone({ countryCode: '+966', number: '501234567' })).toBe(
      '+966 50 123 4567',
    );
  });

  it('shows a phone stored before numbers were checked as it was stored', () => {
    expect(formatCustomerPhone({ countryCode: '+966', number: '0501234567' })).toBe(
      '+966 0501234567',
    );
    expect(formatCustomerPhone({ countryCode: '966', number: '501234567' })).toBe(
      '+966 50 123 4567',
    );
  });
});
