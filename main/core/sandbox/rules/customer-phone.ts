import { validateCustomerPhone } from '../../../../shared/phone';
import { gatewayCodes } from '../codes';
import type { FieldError } from '../problem-details';

/** Pay's customer phone: both parts or neither (seed §4.2), each well-formed. */
export const checkCustomerPhone = (
  number: string | undefined,
  countryCode: string | undefined,
): FieldError[] => {
  const given = number !== undefined || countryCode !== undefined;
  const result = validateCustomerPhone(
    given ? { number: number ?? '', countryCode: countryCode ?? '' } : null,
  );
  if (result.ok) return [];
  if (result.error === 'phone-incomplete') {
    const field = number === undefined ? 'customerPhoneNumber' : 'customerPhoneCountryCode';
    return [
      {
        field,
        code: gatewayCodes.phoneIncomplete,
        message: gatewayCodes.phoneIncomplete.detailedResponseMessage,
      },
    ];
  }
  const field =
    result.error === 'phone-country-code' ? 'customerPhoneCountryCode' : 'customerPhoneNumber';
  return [
    {
      field,
      code: gatewayCodes.phoneInvalid,
      message: gatewayCodes.phoneInvalid.detailedResponseMessage,
    },
  ];
};
