import type { enStoreAudit } from './en-store-audit';

/** Arabic for Verify audit trail across the store's counters; قيد for entry. */
export const arStoreAudit: typeof enStoreAudit = {
  storeAudit: {
    title: 'سجل التدقيق لكل نقاط البيع كما يحفظه المتجر',
    counter: '\u2068{{name}} ({{id}})\u2069',
    verified: 'سليم: عدد القيود المفحوصة {{rows}} حتى القيد {{seq}}.',
    verifiedBefore:
      'سليم: عدد القيود المفحوصة {{rows}} حتى القيد {{seq}}. عدد القيود المكتوبة قبل بدء التوقيع: {{unsigned}}، ويغطيها التوقيع الأول كما كانت حينها.',
    missing:
      'غير موقَّع بعد (عدد القيود: {{rows}}): لم تُحدَّث نقطة البيع هذه، فلا يمكن التحقق من سجلها من هنا.',
    allBefore:
      'غير موقَّع (عدد القيود: {{rows}}، كلها مكتوبة قبل بدء التوقيع): لا يمكن التحقق منه من هنا بعد.',
    changed:
      'مفتاح التوقيع الخاص بها في المتجر ليس المفتاح الذي رأته نقطة البيع هذه أولًا: سجلها غير موثوق.',
    broken: 'تم تغييره في المتجر: القيد {{seq}} {{reason}}.',
    empty: 'لا توجد قيود تدقيق في المتجر بعد.',
    reasons: {
      gap: 'محذوف',
      signature: 'عُدِّل',
      unsigned: 'فقد توقيعه',
      truncated: 'وما بعده محذوف',
    },
  },
};
