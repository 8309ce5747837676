import type { CardFacts } from '../state';

/**
 * The response's paymentMethod (seed §2.8): lower-case brand, first 6 + last 4 with
 * asterisks between, expiry as integers. Name and expiry are null until a call carried them
 * (Initiate Authentication sends only the number).
 */
export const paymentMethodShape = (card: CardFacts) => ({
  type: 'Card',
  brand: card.brand,
  cardholderName: card.holderName,
  maskedCardNumber: card.masked,
  wallet: null,
  expiryDate:
    card.expiryMonth === null || card.expiryYear === null
      ? null
      : { month: card.expiryMonth, year: card.expiryYear },
  sameBank: false,
  issuingCountry: null,
  fundingType: null,
  issuingBank: null,
  cardCategory: null,
});
