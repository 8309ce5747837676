import type { enShifts } from './en-shifts';

/** The shift screen in Arabic (ARABIC.md: الوردية، بانتظار تأكيد البنك، بوابة الدفع). */
export const arShifts: typeof enShifts = {
  shifts: {
    title: 'الوردية والتقارير',
    refresh: 'تقرير X',
    reconcile: 'المطابقة مع بوابة الدفع',
    reconciling: 'جارٍ قراءة طلبات بوابة الدفع…',
    print: 'طباعة',
    savePdf: 'حفظ بصيغة PDF',
    saveCsv: 'حفظ بصيغة CSV',
    saved: 'تم الحفظ.',
    printed: 'أُرسل إلى الطابعة.',
    close: 'إغلاق الوردية (تقرير Z)',
    confirmClose:
      'هل تريد إغلاق هذه الوردية بتقرير Z؟ تبدأ الوردية التالية فورًا. لا يمكن تعديل تقرير Z.',
    closed: 'أُغلقت الوردية بتقرير Z رقم {{number}}.',
    inDoubtTitle: 'بانتظار تأكيد البنك',
    inDoubtBlocks:
      'لا يمكن إغلاق الوردية ما دامت عملية دفع بانتظار تأكيد البنك. راجعها في السجل، أو أقرّ بها بصفتك مشرفًا للإغلاق.',
    acknowledge: 'إقرار',
    acknowledgeApproval: 'يحتاج الإقرار إلى مشرف آخر عند الجهاز يكتب رقم الموظف والرمز السري.',
    acknowledged: 'تم الإقرار',
    differencesTitle: 'الفروقات مع بوابة الدفع',
    adopt: 'اعتماد سجل بوابة الدفع',
    adoptedDone: 'معتمد',
    zReports: 'تقارير Z',
    zNumber: 'رقم Z',
    closedAt: 'وقت الإغلاق',
    closedBy: 'أغلقها',
    open: 'فتح نسخة',
    noZ: 'لم تُغلق أي وردية بعد.',
    showing: 'المعروض',
  },
};
