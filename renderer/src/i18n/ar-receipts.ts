import type { enReceipts } from './en-receipts';

/** Arabic for receipts beyond the result screen's: refunds, reprints, bilingual slips. */
export const arReceipts: typeof enReceipts = {
  receipts: {
    bilingual: 'طباعة الإيصالات بالعربية والإنجليزية',
    bilingualHint:
      'كل العناوين على إيصال واحد باللغتين، كما في إيصالات البطاقات في السعودية. عند إيقافه يكون الإيصال بلغة الشاشة.',
    refundReceipt: 'إيصال استرداد \u2068{{number}}\u2069: \u2068{{amount}}\u2069',
    refunded: 'المبلغ المسترد',
    stillCharged: 'المبلغ المحصَّل المتبقي',
  },
};
