/** Card brands the gateway names (lower-case, as in the response's paymentMethod.brand). */
export const cardBrands = ['mada', 'meeza', 'visa', 'amex', 'mastercard'] as const;
export type CardBrand = (typeof cardBrands)[number];
