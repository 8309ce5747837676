import type { CardBrand } from './brands';

/**
 * How each brand is written for people, in both languages: the screens and the printed
 * receipt use this one table so a brand never reads differently on paper and on screen.
 */
export const brandNames: Record<'en' | 'ar', Record<CardBrand, string>> = {
  en: {
    mada: 'mada',
    meeza: 'Meeza',
    visa: 'Visa',
    amex: 'American Express',
    mastercard: 'Mastercard',
  },
  ar: {
    mada: 'مدى',
    meeza: 'ميزة',
    visa: 'فيزا',
    amex: 'أمريكان إكسبريس',
    mastercard: 'ماستركارد',
  },
};
