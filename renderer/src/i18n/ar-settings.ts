import type { enSettings } from './en-settings';

/** العربية لشاشة الإعدادات: البوابة وبيانات الاعتماد، والمبيعات، ورأس الإيصال والطباعة. */
export const arSettings: typeof enSettings = {
  settings: {
    title: 'الإعدادات',
    gateway: 'بوابة الدفع',
    environment: 'البيئة',
    environments: {
      training: 'تدريب (بوابة تجريبية)',
      ksa: 'المملكة العربية السعودية',
      egypt: 'مصر',
      uae: 'الإمارات العربية المتحدة',
      custom: 'عنوان مخصص',
    },
    customUrl: 'عنوان البوابة',
    returnHost: 'مضيف العودة',
    returnHostHint:
      'اسم المضيف لعنوان العودة بعد تحقق العميل (\u20663-D Secure\u2069). لا يتم فتحه أبدًا.',
    sale: 'المبيعات',
    defaultCurrency: 'العملة الافتراضية',
    amountCap: 'الحد الأقصى للمبلغ',
    amountCapHint: 'أكبر مبلغ تسمح به عملية بيع واحدة، مثل 10000.00. اتركه فارغًا لعدم وضع حد.',
    checkCardAfterPay: 'فحص البطاقة بعد الضغط على دفع فقط',
    checkCardAfterPayHint:
      'عند إيقاف هذا الخيار يُرسَل رقم البطاقة إلى بوابة الدفع فور اكتماله، فتظهر صفحة تحقق العميل أسرع بعد الضغط على دفع.',
    language: 'اللغة',
    receipt: 'رأس الإيصال',
    merchantName: 'اسم التاجر',
    address: 'العنوان',
    vatNumber: 'الرقم الضريبي',
    printing: {
      title: 'طباعة الإيصال',
      printer: 'طابعة الإيصالات',
      systemDefault: 'الطابعة الافتراضية للنظام',
      missingPrinter: '{{name}} (غير متصلة)',
      silent: 'الطباعة مباشرة على الطابعة دون نافذة الطباعة',
      customerCopies: 'عدد نسخ العميل',
      merchantCopies: 'عدد نسخ التاجر',
      merchantCopiesHint: 'تُطبع بعد نسخة العميل عند انتهاء عملية البيع. 0: لا شيء.',
      paper: 'الورق',
      papers: { '80mm': 'لفة حرارية 80 مم', '58mm': 'لفة حرارية 58 مم', a4: 'ورقة A4' },
    },
    save: 'حفظ الإعدادات',
    saved: 'تم حفظ الإعدادات.',
    credentials: 'بيانات اعتماد البوابة',
    publicKey: 'المفتاح العام للتاجر',
    apiPassword: 'كلمة مرور الواجهة البرمجية',
    saveCredentials: 'حفظ بيانات الاعتماد',
    credentialsSaved: 'تم حفظ بيانات الاعتماد.',
    configured: 'مُعدّة، المفتاح ينتهي بـ {{hint}}',
    configuredNoHint: 'مُعدّة',
    notConfigured: 'غير مُعدّة',
    writeOnly:
      'تُحفظ كلمة المرور مشفّرة ولا تُعرض مرة أخرى. أدخل الحقلين لاستبدال بيانات الاعتماد المحفوظة.',
    credentialsFor: 'تُرسَل فقط إلى',
    gatewayBusy:
      'توجد عمليات على هذه البوابة قيد التنفيذ أو بانتظار تأكيد البنك. إلى أن تكتمل، لا يمكن تغيير البوابة وعنوانها وبيانات اعتمادها:',
  },
};
