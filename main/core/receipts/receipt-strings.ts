import type { Outcome } from '../../../shared/ipc';
import { brandNames } from '../../../shared/card/brand-names';
import type { CardBrand } from '../../../shared/card/brands';
import type { TransactionType } from './receipt-facts';
import {
  savedCardReceiptStrings,
  type SavedCardReceiptStrings,
} from './saved-card-receipt-strings';

/** A receipt of its own kind: its title, its heading and its closing note. */
interface KindReceiptStrings {
  title: string;
  status: string;
  note: string;
}

type ReceiptStrings = {
  title: string;
  customerCopy: string;
  merchantCopy: string;
  training: string;
  vatNumber: string;
  date: string;
  amount: string;
  card: string;
  cardholder: string;
  authCode: string;
  rrn: string;
  orderId: string;
  reference: string;
  status: string;
  refunded: string;
  failureCode: string;
  supportReference: string;
  keepReceipt: string;
  operator: string;
  outcomes: Record<Outcome, string>;
  /** An ending that proves nothing was charged (shared/failures/not-charged.ts). */
  notCharged: string;
  /** A hold's own receipts: what happened to the held money, and when. */
  holdReceipts: { capture: KindReceiptStrings; release: KindReceiptStrings };
  /** One refund's own receipt. */
  refundReceipt: KindReceiptStrings & { nowFullyRefunded: string };
  /** A reprint's heading once money went back to the card. */
  partlyRefunded: string;
  fullyRefunded: string;
  originalAmount: string;
  stillCharged: string;
  transactionType: string;
  transactionTypes: Record<TransactionType, string>;
  brands: Record<CardBrand, string>;
  unknownBrand: string;
  savedCard: SavedCardReceiptStrings;
};

const en: ReceiptStrings = {
  title: 'Card payment',
  customerCopy: 'Customer copy',
  merchantCopy: 'Merchant copy',
  training: 'TRAINING MODE: NOT A REAL PAYMENT',
  vatNumber: 'VAT number',
  date: 'Date',
  amount: 'Amount',
  card: 'Card',
  cardholder: 'Cardholder',
  authCode: 'Authorisation code',
  rrn: 'RRN',
  orderId: 'Order ID',
  reference: 'Reference',
  status: 'Status',
  refunded: 'Refunded',
  failureCode: 'Response code',
  supportReference: 'Support reference',
  keepReceipt: 'Please keep this receipt.',
  operator: 'Served by',
  outcomes: {
    paid: 'APPROVED',
    declined: 'DECLINED',
    'authentication-failed': 'NOT APPROVED: verification failed',
    cancelled: 'CANCELLED',
    expired: 'NOT APPROVED: session expired',
    rejected: 'NOT APPROVED: card not accepted',
    error: 'NOT APPROVED',
    'in-doubt': 'PENDING: waiting for the bank to confirm',
    authorized: 'AUTHORIZED — NOT YET CHARGED',
  },
  notCharged: 'NOT CHARGED',
  holdReceipts: {
    capture: {
      title: 'Capture of a held payment',
      status: 'CHARGED',
      note: 'The amount held on the card has now been charged.',
    },
    release: {
      title: 'Release of a held payment',
      status: 'RELEASED — NOT CHARGED',
      note: 'The amount held on the card has been released. Nothing was charged.',
    },
  },
  refundReceipt: {
    title: 'Refund receipt',
    status: 'REFUND APPROVED',
    note: 'The amount goes back to the card; the bank may take a few days to show it.',
    nowFullyRefunded: 'The payment is now fully refunded.',
  },
  partlyRefunded: 'PARTLY REFUNDED',
  fullyRefunded: 'FULLY REFUNDED',
  originalAmount: 'Original amount',
  stillCharged: 'Still charged',
  transactionType: 'Transaction',
  transactionTypes: {
    purchase: 'Purchase',
    hold: 'Hold',
    capture: 'Capture',
    void: 'Void',
    refund: 'Refund',
  },
  brands: brandNames.en,
  unknownBrand: 'Card',
  savedCard: savedCardReceiptStrings.en,
};

const ar: ReceiptStrings = {
  title: 'دفع بالبطاقة',
  customerCopy: 'نسخة العميل',
  merchantCopy: 'نسخة التاجر',
  training: 'وضع التدريب: ليست عملية دفع حقيقية',
  vatNumber: 'الرقم الضريبي',
  date: 'التاريخ',
  amount: 'المبلغ',
  card: 'البطاقة',
  cardholder: 'حامل البطاقة',
  authCode: 'رمز الموافقة',
  rrn: 'الرقم المرجعي (RRN)',
  orderId: 'رقم الطلب',
  reference: 'مرجع التاجر',
  status: 'الحالة',
  refunded: 'المبلغ المسترد',
  failureCode: 'رمز الاستجابة',
  supportReference: 'مرجع الدعم',
  keepReceipt: 'يرجى الاحتفاظ بهذا الإيصال.',
  operator: 'الموظف',
  outcomes: {
    paid: 'مقبولة',
    declined: 'مرفوضة',
    'authentication-failed': 'غير مقبولة: لم يجتز العميل التحقق',
    cancelled: 'ملغاة',
    expired: 'غير مقبولة: انتهت صلاحية الجلسة',
    rejected: 'غير مقبولة: البطاقة غير مدعومة',
    error: 'غير مقبولة',
    'in-doubt': 'بانتظار تأكيد البنك',
    authorized: 'مبلغ محجوز — لم يُخصم من البطاقة بعد',
  },
  notCharged: 'لم يُخصم أي مبلغ',
  holdReceipts: {
    capture: {
      title: 'تحصيل مبلغ محجوز',
      status: 'تم خصم المبلغ من البطاقة',
      note: 'المبلغ المحجوز على البطاقة خُصم منها الآن.',
    },
    release: {
      title: 'إبطال حجز مبلغ',
      status: 'أُبطل الحجز — لم يُخصم أي مبلغ',
      note: 'أُبطل حجز المبلغ على البطاقة، ولم يُخصم أي مبلغ منها.',
    },
  },
  refundReceipt: {
    title: 'إيصال استرداد',
    status: 'استرداد مقبول',
    note: 'يُعاد المبلغ إلى البطاقة، وقد يستغرق ظهوره بضعة أيام حسب البنك.',
    nowFullyRefunded: 'استُرد مبلغ عملية الدفع بالكامل.',
  },
  partlyRefunded: 'مستردة جزئيًا',
  fullyRefunded: 'مستردة بالكامل',
  originalAmount: 'المبلغ الأصلي',
  stillCharged: 'المبلغ المحصَّل المتبقي',
  transactionType: 'نوع العملية',
  transactionTypes: {
    purchase: 'شراء',
    hold: 'حجز',
    capture: 'تحصيل',
    void: 'إبطال',
    refund: 'استرداد',
  },
  brands: brandNames.ar,
  unknownBrand: 'بطاقة',
  savedCard: savedCardReceiptStrings.ar,
};

/** Every receipt string in both languages; the types force the tables to match. */
export const receiptStrings = { en, ar } as const;
