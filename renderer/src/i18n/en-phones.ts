/** English for customer phones and the store's country (Settings, the sale and link forms). */
export const enPhones = {
  phones: {
    merchantCountry: 'Store country',
    merchantCountryHint:
      'Customer phones typed without a country code are read as this country’s numbers.',
    linkContactRequired: 'a phone or an email is required',
  },
};
