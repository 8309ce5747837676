/** What a receipt says of a saved card: how it was used, and a charge without the customer. */
export interface SavedCardReceiptStrings {
  /** The label of the line naming how the card was used. */
  entry: string;
  saved: string;
  merchantInitiated: string;
  /** Under the lines of a merchant-initiated charge: the customer was not there. */
  chargedWithoutCustomer: string;
}

export const savedCardReceiptStrings: Record<'en' | 'ar', SavedCardReceiptStrings> = {
  en: {
    entry: 'Card entry',
    saved: 'Saved card',
    merchantInitiated: 'Saved card, customer not present',
    chargedWithoutCustomer:
      'Charged to the saved card without the customer present, under the agreement they gave.',
  },
  ar: {
    entry: 'طريقة إدخال البطاقة',
    saved: 'بطاقة محفوظة',
    merchantInitiated: 'بطاقة محفوظة، دون حضور العميل',
    chargedWithoutCustomer:
      'خُصم المبلغ من البطاقة المحفوظة دون حضور العميل، بموجب موافقته المسبقة.',
  },
};
