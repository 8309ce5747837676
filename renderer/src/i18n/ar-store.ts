import type { enStore, enStoreErrors } from './en-store';

/** Arabic for store mode (issue 19); terms as in ARABIC.md (عملية دفع، الموظف). */
export const arStore: typeof enStore = {
  store: {
    title: 'قاعدة بيانات المتجر',
    intro:
      'تتشارك نقاط البيع في المتجر قاعدة بيانات PostgreSQL واحدة: سجل واحد وإقفال يومي واحد لها جميعًا. لا تنتظرها عمليات البيع أبدًا.',
    host: 'الخادم',
    port: 'المنفذ',
    database: 'قاعدة البيانات',
    user: 'المستخدم',
    password: 'كلمة المرور',
    passwordKept: 'كلمة المرور محفوظة. اترك الحقل فارغًا للإبقاء عليها.',
    tls: 'التشفير',
    tlsModes: {
      'verify-full': 'TLS مع التحقق من الشهادة واسم الخادم',
      off: 'بدون تشفير (على شبكة موثوقة فقط)',
    },
    caPem: 'جهة إصدار الشهادات (PEM)',
    caPemHint: 'اترك الحقل فارغًا للاعتماد على جهات الإصدار في النظام.',
    counterId: 'معرّف نقطة البيع',
    counterIdHint: 'حروف وأرقام و- و_، ولا يتغير بعد الاتصال',
    counterName: 'اسم نقطة البيع',
    connect: 'حفظ واتصال',
    saved: 'تم الحفظ. ترسل نقطة البيع هذه عمليات الدفع إلى المتجر الآن.',
    migrate: 'تطبيق تحديثات قاعدة البيانات',
    migrated: 'قاعدة بيانات المتجر محدّثة (الإصدار {{version}}).',
    offline: 'المتجر غير متصل منذ {{since}}، عدد السجلات المنتظرة: {{waiting}}',
    offlineOne: 'المتجر غير متصل منذ {{since}}، عدد السجلات المنتظرة: {{waiting}}',
    view: 'كل نقاط البيع',
    historyTitle: 'كل نقاط البيع',
    search: 'بحث',
    counter: 'نقطة البيع',
    operator: 'الموظف',
    rowsLabel: 'عمليات الدفع في كل نقاط البيع',
    empty: 'لا توجد عمليات دفع مطابقة في المتجر.',
    more: 'عرض المزيد',
  },
};

export const arStoreErrors: typeof enStoreErrors = {
  'store-not-configured': 'لم يتم إعداد قاعدة بيانات المتجر على نقطة البيع هذه.',
  'store-unavailable': 'وضع المتجر غير متاح في هذا الإصدار من Paydesk.',
  'store-unreachable':
    'تعذّر الوصول إلى قاعدة بيانات المتجر. يستمر البيع، وتُستكمل سجلات المتجر عند عودتها.',
  'store-refused': 'رفضت قاعدة بيانات المتجر الطلب. تحقق من المستخدم وصلاحياته.',
  'store-not-migrated': 'قاعدة بيانات المتجر غير مُعدّة بعد: طبّق تحديثات قاعدة البيانات.',
  'store-schema-newer': 'حدّث إصدار أحدث من Paydesk قاعدة بيانات المتجر. حدّث نقطة البيع هذه أولًا.',
  'store-counter-mismatch': 'ترسل نقطة البيع هذه عمليات الدفع بمعرّف نقطة بيع آخر.',
  'store-settings-invalid': 'تحقق من إعدادات المتجر: أحد الحقول فارغ أو غير صالح.',
};
