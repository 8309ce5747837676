import type { enPhones } from './en-phones';

/** Arabic for customer phones and the store's country, typed from the English table. */
export const arPhones: typeof enPhones = {
  phones: {
    merchantCountry: 'دولة المتجر',
    merchantCountryHint:
      'تُقرأ أرقام هواتف العملاء المكتوبة دون رمز الدولة على أنها أرقام هذه الدولة.',
    linkContactRequired: 'يلزم رقم هاتف أو بريد إلكتروني',
  },
};
