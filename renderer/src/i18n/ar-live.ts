import type { enLive } from './en-live';

/** Arabic for going live, the support details line and the store's note on Training sales. */
export const arLive: typeof enLive = {
  live: {
    testConnection: 'اختبار الاتصال',
    testAndSave: 'اختبار الاتصال والحفظ',
    testing: 'جارٍ اختبار الاتصال…',
    tested: 'نجح اختبار الاتصال: قبلت بوابة الدفع بيانات الاعتماد هذه.',
    testedAndSaved: 'نجح اختبار الاتصال وحُفظت بيانات الاعتماد: قبلتها بوابة الدفع.',
    refused: 'فشل اختبار الاتصال. لم يُحفظ شيء.',
    refusedStored: 'فشل اختبار الاتصال ببيانات الاعتماد المحفوظة.',
    testHint:
      'أدخل الحقلين ثم اضغط اختبار الاتصال والحفظ: يسأل Paydesk بوابة الدفع سؤالًا لا أثر له (يبحث عن طلب غير موجود) ولا يحفظ بيانات الاعتماد إلا إذا قبلتها البوابة.',
    configuredTested: 'مُعدّة ومختبرة، المفتاح ينتهي بـ {{hint}}. آخر اختبار: {{when}}.',
    savedUntested:
      'محفوظة، المفتاح ينتهي بـ {{hint}}، لكنها لم تُختبر: اضغط اختبار الاتصال قبل استلام المدفوعات.',
    trainingNotInUse:
      'غير مستخدمة: في وضع التدريب تذهب المدفوعات إلى البوابة التجريبية المدمجة. بيانات الاعتماد المحفوظة (المفتاح ينتهي بـ {{hint}}) تنتظر بوابتها:',
    markLabel: 'بوابة الدفع الحقيقية',
    mark: 'دفع حقيقي: {{gateway}} · المفتاح ينتهي بـ {{hint}}',
    markNoKey: 'دفع حقيقي: {{gateway}} · لا توجد بيانات اعتماد',
    nextErrorNoReference:
      'لم يُخصم أي مبلغ من البطاقة. حاول مرة أخرى، وإذا تكرر ذلك فاتصل بالدعم وأخبرهم بوقت عملية البيع هذه.',
    problemsTitle: 'صحّح ما يلي قبل الحفظ:',
  },
  details: {
    label: 'تفاصيل للدعم',
  },
  /** Windows main opens itself: the customer verification window and the start-up failure box. */
  shell: {
    challengeTitle: 'تحقق العميل',
    startupTitle: 'تعذّر تشغيل Paydesk',
    startupNewerJournal:
      'كتب إصدار أحدث من Paydesk بيانات Paydesk على هذا الجهاز. ثبّت ذلك الإصدار (أو أحدث) لفتحها، ولم يتغير شيء.',
    startupGeneric:
      'توقف Paydesk قبل فتح نافذته. شغّله مرة أخرى، وإذا تكرر ذلك فاتصل بالدعم واذكر التفاصيل أدناه.',
    details: 'تفاصيل للدعم',
  },
  storeTraining:
    'تبقى عمليات بيع التدريب على نقطة البيع هذه: يعرض المتجر المدفوعات الحقيقية فقط ويجمعها، لذلك يبدأ المتجر الجديد فارغًا حتى أول عملية بيع حقيقية.',
};
