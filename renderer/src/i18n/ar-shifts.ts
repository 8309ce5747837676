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
    savePayments: 'حفظ العمليات بصيغة CSV',
    saved: 'حُفظ باسم {{file}}.',
    whoCloses: 'يمكن للمشرفين والمديرين إقفال الوردية.',
    printed: 'أُرسل إلى الطابعة.',
    close: 'إقفال الوردية / إقفال اليومية (تقرير Z)',
    confirmClose:
      'هل تريد إقفال هذه الوردية بتقرير Z؟ تبدأ الوردية التالية فورًا. لا يمكن تعديل تقرير Z.',
    checkingBeforeClose: 'جارٍ المطابقة مع بوابة الدفع قبل الإقفال…',
    warnDifferences:
      'فروقات مع بوابة الدفع ما زالت مفتوحة: {{count}}. تنتقل إلى الوردية التالية حتى تُعالَج.',
    warnNotReconciled:
      'تعذر الوصول إلى بوابة الدفع: لم تتم مطابقة هذه الوردية. ستشملها المطابقة في الوردية التالية.',
    warnInDoubt: 'عمليات دفع بانتظار تأكيد البنك تبقى مفتوحة بعد تقرير Z هذا (أُقرّ بها): {{count}}.',
    closed: 'أُقفلت الوردية بتقرير Z رقم {{number}}.',
    inDoubtTitle: 'بانتظار تأكيد البنك',
    inDoubtBlocks:
      'لا يمكن إقفال الوردية ما دامت عملية دفع بانتظار تأكيد البنك. راجعها في السجل، أو أقرّ بها بصفتك مشرفًا للإقفال.',
    acknowledge: 'إقرار',
    acknowledgeApproval: 'يحتاج الإقرار إلى مشرف آخر عند الجهاز يكتب رقم الموظف والرمز السري.',
    acknowledged: 'تم الإقرار',
    differencesTitle: 'الفروقات مع بوابة الدفع',
    differencesCarried: 'تبقى الفروقات التي لم تُعالَج عند إقفال سابق معروضة حتى تُعالَج.',
    adopt: 'إدراج العملية من سجل البوابة',
    adoptedDone: 'مُدرجة',
    adoptTitle: 'إدراج العملية من سجل البوابة؟',
    adoptConfirm:
      'تُكتب العملية كما تظهر في بوابة الدفع في سجلات هذا الجهاز باسمك، وتُحتسب في مجاميع هذه الوردية. لا يمكن التراجع عن ذلك.',
    adoptedStatus: 'أُدرجت العملية في هذه الوردية.',
    differenceReference: 'المرجع',
    differenceTime: 'الوقت',
    differenceCard: 'البطاقة',
    differenceAmount: 'المبلغ',
    differenceWhat: 'الفرق',
    kinds: {
      'gateway-only': 'في بوابة الدفع وليست في سجلات هذا الجهاز',
      'journal-only': 'في سجلات هذا الجهاز وليست في بوابة الدفع',
      'status-differs': 'النتيجة مختلفة',
      'amount-differs': 'المبلغ مختلف',
    },
    actions: {
      'adopt-gateway': 'إدراج العملية من سجل البوابة',
      'check-attempt': 'راجع عملية الدفع في السجل ومع البنك',
      'check-refund': 'راجع عمليات الاسترداد خارج Paydesk (بوابة التاجر)',
    },
    zReports: 'تقارير Z',
    zNumber: 'رقم Z',
    closedAt: 'وقت الإقفال',
    closedBy: 'أقفلها',
    open: 'فتح نسخة',
    noZ: 'لم تُقفَل أي وردية بعد.',
    showing: 'المعروض',
  },
};
