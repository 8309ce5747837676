import type { ReceiptInput } from '../../main/core/receipts/receipt-html';

/** A receipt's visible text, tags dropped and entities kept, so assertions read like the paper. */
export const receiptText = (html: string): string =>
  html
    .replace(/<style>[\s\S]*?<\/style>/, '')
    .replace(/<[^>]+>/g, ' ')
    .replace(/\s+/g, ' ');

/** A live English customer copy on 80 mm, dated in Riyadh: what the tests vary from. */
export const plainReceipt = {
  copy: 'customer',
  language: 'en',
  training: false,
  paper: '80mm',
  timeZone: 'Asia/Riyadh',
} as const satisfies Partial<ReceiptInput>;
