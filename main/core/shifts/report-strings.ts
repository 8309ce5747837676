import type { Difference } from '../../../shared/ipc-shifts';

/**
 * The printed, PDF and CSV report's words in both languages (ARABIC.md terms: الوردية for
 * shift, بانتظار تأكيد البنك for in doubt, بوابة الدفع for the gateway). The screen has its
 * own in the renderer's i18n tables.
 */
export interface ReportStrings {
  xTitle: string;
  zTitle: (n: number) => string;
  reprint: string;
  training: string;
  shift: (n: number) => string;
  merchant: string;
  vatNumber: string;
  opened: string;
  reported: string;
  closedBy: string;
  entries: string;
  /** A shift with no ledger entry (nothing moved). */
  noEntries: string;
  currency: string;
  sales: string;
  declined: string;
  abandoned: string;
  refunds: string;
  holds: string;
  captures: string;
  releases: string;
  holdsExpired: string;
  linksPaid: string;
  linksPending: string;
  linksExpired: string;
  linksCancelled: string;
  adopted: string;
  net: string;
  byBrand: string;
  byOperator: string;
  noOperator: string;
  late: string;
  lateNote: string;
  inDoubt: string;
  inDoubtNone: string;
  acknowledgedBy: (who: string) => string;
  /** Who acknowledges while operators are off. */
  owner: string;
  notAcknowledged: string;
  holdsOpen: string;
  selfApproved: string;
  reconciled: (at: string, orders: number) => string;
  differencesFound: (at: string, orders: number, count: number) => string;
  notReconciled: string;
  /** The X report read without asking the gateway: nothing was tried. */
  notTried: string;
  differenceKinds: Record<Difference['kind'], string>;
  actions: Record<Difference['action'], string>;
  adoptedMark: string;
  auditHead: string;
  auditHeadNote: string;
  auditRow: string;
  auditSeal: string;
  noMoney: string;
}

export const reportStrings: Record<'en' | 'ar', ReportStrings> = {
  en: {
    xTitle: 'X report (shift so far)',
    zTitle: (n) => `Z report no. ${n}`,
    reprint: 'COPY: reprint of a closed Z report',
    training: 'TRAINING MODE: NOT REAL PAYMENTS',
    shift: (n) => `Shift ${n}`,
    merchant: 'Merchant',
    vatNumber: 'VAT number',
    opened: 'Opened',
    reported: 'Reported',
    closedBy: 'Closed by',
    entries: 'Ledger entries',
    noEntries: 'none (nothing moved in this shift)',
    currency: 'Currency',
    sales: 'Approved sales',
    declined: 'Declined',
    abandoned: 'Abandoned',
    refunds: 'Refunds',
    holds: 'Holds taken',
    captures: 'Captures',
    releases: 'Releases',
    holdsExpired: 'Holds expired',
    linksPaid: 'Links paid',
    linksPending: 'Links awaiting payment now',
    linksExpired: 'Links expired',
    linksCancelled: 'Links cancelled',
    adopted: 'Adopted from the gateway',
    net: 'Net taken',
    byBrand: 'By card brand',
    byOperator: 'By operator',
    noOperator: 'No operator',
    late: 'Settled in this shift, belongs to an earlier sale',
    lateNote: 'began before this shift opened',
    inDoubt: 'Awaiting bank confirmation',
    inDoubtNone: 'No payment is awaiting bank confirmation.',
    acknowledgedBy: (who) => `acknowledged by ${who}`,
    owner: 'the owner',
    notAcknowledged: 'not acknowledged: the shift cannot close',
    holdsOpen: 'Holds still open',
    selfApproved: 'Refunds approved by the one who asked (single admin)',
    reconciled: (at, orders) =>
      `Reconciled with the gateway at ${at}: ${orders} orders, no differences.`,
    differencesFound: (at, orders, count) =>
      `Reconciled with the gateway at ${at}: ${orders} orders, ${count} differences.`,
    notReconciled: 'Not reconciled: the gateway could not be reached.',
    notTried:
      'Not reconciled yet: reconciliation with the gateway has not been run for this report.',
    differenceKinds: {
      'gateway-only': 'On the gateway, not in the journal',
      'journal-only': 'In the journal, not on the gateway',
      'status-differs': 'Result differs',
      'amount-differs': 'Amount differs',
    },
    actions: {
      'adopt-gateway': "Adopt the gateway's record (supervisor, on the Shift screen)",
      'check-attempt': 'Check the payment in History and with the bank',
      'check-refund': 'Check refunds made outside Paydesk (merchant portal)',
    },
    adoptedMark: 'adopted',
    auditHead: 'Audit trail at close',
    auditHeadNote:
      'The last row of the audit trail when this Z was written and the start of its seal. Verify audit trail (Settings) proves that no row up to it was changed since.',
    auditRow: 'Last row',
    auditSeal: 'Seal',
    noMoney: 'No money moved in this shift.',
  },
  ar: {
    xTitle: 'تقرير X (الوردية حتى الآن)',
    zTitle: (n) => `تقرير Z رقم ${n}`,
    reprint: 'نسخة: إعادة طباعة تقرير Z مُقفَل',
    training: 'وضع التدريب: ليست عمليات دفع حقيقية',
    shift: (n) => `الوردية ${n}`,
    merchant: 'التاجر',
    vatNumber: 'الرقم الضريبي',
    opened: 'بدأت',
    reported: 'وقت التقرير',
    closedBy: 'أقفلها',
    entries: 'قيود السجل',
    noEntries: 'لا يوجد (لم تتحرك أي مبالغ في هذه الوردية)',
    currency: 'العملة',
    sales: 'عمليات البيع المقبولة',
    declined: 'مرفوضة',
    abandoned: 'لم تكتمل',
    refunds: 'عمليات الاسترداد',
    holds: 'مبالغ محجوزة',
    captures: 'تحصيل المبالغ المحجوزة',
    releases: 'إبطال الحجز',
    holdsExpired: 'حجوزات انتهت صلاحيتها',
    linksPaid: 'روابط دفع مدفوعة',
    linksPending: 'روابط دفع بانتظار الدفع الآن',
    linksExpired: 'روابط دفع منتهية',
    linksCancelled: 'روابط دفع ملغاة',
    adopted: 'عمليات مُدرجة من سجل البوابة',
    net: 'صافي المبلغ المحصَّل',
    byBrand: 'حسب نوع البطاقة',
    byOperator: 'حسب الموظف',
    noOperator: 'بدون موظف',
    late: 'تأكدت في هذه الوردية وتعود إلى عملية بيع سابقة',
    lateNote: 'بدأت قبل بدء هذه الوردية',
    inDoubt: 'بانتظار تأكيد البنك',
    inDoubtNone: 'لا توجد عملية دفع بانتظار تأكيد البنك.',
    acknowledgedBy: (who) => `أقرّ بها ${who}`,
    owner: 'المالك',
    notAcknowledged: 'لم يُقَر بها: لا يمكن إقفال الوردية',
    holdsOpen: 'حجوزات ما زالت قائمة',
    selfApproved: 'عمليات استرداد وافق عليها طالبها (مدير وحيد)',
    reconciled: (at, orders) =>
      `تمت المطابقة مع بوابة الدفع في ${at}: عدد الطلبات ${orders}، بلا فروقات.`,
    differencesFound: (at, orders, count) =>
      `تمت المطابقة مع بوابة الدفع في ${at}: عدد الطلبات ${orders}، عدد الفروقات ${count}.`,
    notReconciled: 'لم تتم المطابقة: تعذر الوصول إلى بوابة الدفع.',
    notTried: 'لم تتم المطابقة بعد: لم تُجرَ المطابقة مع بوابة الدفع لهذا التقرير.',
    differenceKinds: {
      'gateway-only': 'في بوابة الدفع وليست في السجل',
      'journal-only': 'في السجل وليست في بوابة الدفع',
      'status-differs': 'النتيجة مختلفة',
      'amount-differs': 'المبلغ مختلف',
    },
    actions: {
      'adopt-gateway': 'إدراج العملية من سجل البوابة (مشرف، في شاشة الوردية)',
      'check-attempt': 'راجع عملية الدفع في السجل ومع البنك',
      'check-refund': 'راجع عمليات الاسترداد خارج Paydesk (بوابة التاجر)',
    },
    adoptedMark: 'مُدرجة',
    auditHead: 'سجل التدقيق عند الإقفال',
    auditHeadNote:
      'آخر قيد في سجل التدقيق عند كتابة تقرير Z هذا وبداية ختمه. يثبت «التحقق من سلامة سجل التدقيق» (الإعدادات) أن أي قيد حتى هذا القيد لم يتغير منذ ذلك الحين.',
    auditRow: 'آخر قيد',
    auditSeal: 'الختم',
    noMoney: 'لم تتحرك أي مبالغ في هذه الوردية.',
  },
};
