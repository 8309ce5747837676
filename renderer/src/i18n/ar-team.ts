import type { enTeam } from './en-team';

/** العربية لشاشة فريق العمل وتسجيل الدخول وتفاصيل الموافقة. */
export const arTeam: typeof enTeam = {
  team: {
    title: 'فريق العمل',
    caption: 'أعضاء الفريق',
    you: 'أنت',
    edit: 'تعديل {{name}}',
    resetSecret: 'رمز سري جديد لـ {{name}}',
    short: {
      edit: 'تعديل',
      resetSecret: 'رمز سري جديد',
      disable: 'إيقاف',
      enable: 'تفعيل',
      unlock: 'فتح القفل',
    },
    editTitle: 'تعديل {{name}}',
    save: 'حفظ التغييرات',
    saved: 'تم الحفظ.',
    demoteTitle: 'تغيير دور {{name}}؟',
    demoteBody:
      'دور {{name}} الآن {{from}} وسيصبح {{to}}: من خطوته التالية لن يستطيع ما لا يسمح به إلا لدور {{from}}.',
    demoteConfirm: 'تغيير الدور',
    resetTitle: 'رمز سري أو كلمة مرور جديدة لـ {{name}}',
    resetBody:
      'من الآن يسجّل {{name}} الدخول بالرمز الجديد على كل نقاط البيع، ويتوقف الرمز القديم ويُسجَّل خروجه.',
    resetConfirm: 'تعيين الرمز الجديد',
    secretAgain: 'اكتبه مرة أخرى',
    disableTitle: 'إيقاف {{name}}؟',
    disableBody:
      'لن يستطيع {{name}} تسجيل الدخول هنا ولا على نقطة بيع أخرى. تبقى مبيعاته وسجل التدقيق باسمه، ويمكنك تفعيله مرة أخرى.',
    disableConfirm: 'إيقاف',
    supervisorNote: 'يرى المشرفون الفريق ويفتحون قفل أمناء الصندوق؛ والمدير يضيف الأشخاص ويغيّرهم.',
    settingsNote: 'قواعد القفل وسجل التدقيق وإيقاف حسابات الموظفين في الإعدادات.',
    inSettings: 'تُضاف بيانات الموظفين وتُعدَّل ويُفتح قفلهم من شاشة فريق العمل.',
    unlocked: 'تم فتح قفل {{name}}.',
  },
  tillSignIn: {
    recent: 'من يسجّل الدخول؟',
    someoneElse: 'موظف آخر',
    signingInAs: 'تسجيل الدخول باسم',
    triesLeft: 'المحاولات المتبقية قبل قفل هذا الرقم: {{count}}',
    lockedUntil: 'مقفل حتى',
    unlockSooner: 'يمكن لمشرف أو مدير فتح القفل قبل ذلك من شاشة فريق العمل.',
  },
  approvalFacts: {
    caption: 'ما توافق عليه',
    action: 'الإجراء',
    actions: {
      refund: 'استرداد',
      capture: 'تحصيل مبلغ محجوز',
      release: 'إبطال الحجز',
      acknowledge: 'إبقاء عملية بانتظار تأكيد البنك مفتوحة حتى تقرير Z',
    },
    amount: 'المبلغ',
    card: 'البطاقة',
    reference: 'مرجع التاجر',
    requester: 'بطلب من',
  },
};
