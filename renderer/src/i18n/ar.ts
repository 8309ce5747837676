import { arAuditDetail } from './ar-audit-detail';
import { arLive } from './ar-live';
import { arOperators } from './ar-operators';
import { arTeam } from './ar-team';
import { arShifts } from './ar-shifts';
import { arStore } from './ar-store';
import { arStoreDay } from './ar-store-day';
import { arStoreAudit } from './ar-store-audit';
import { brandNames } from '../../../shared/card/brand-names';
import { arErrors } from './ar-errors';
import { arAudit } from './ar-audit';
import { arHolds } from './ar-holds';
import { arReceipts } from './ar-receipts';
import { arAdoption } from './ar-adoption';
import { arLinks } from './ar-links';
import { arPhones } from './ar-phones';
import { arSameCard } from './ar-same-card';
import { arNotCharged } from './ar-not-charged';
import { arGlance } from './ar-glance';
import { arUpdates } from './ar-updates';
import { arCustomers } from './ar-customers';
import { arSettings } from './ar-settings';
import type { Translation } from './en';

/** The English table's shape with any text: a key missing or extra here fails to compile. */
type SameKeys<T> = { [K in keyof T]: T[K] extends string ? string : SameKeys<T[K]> };

export const ar: SameKeys<Translation> = {
  app: {
    name: 'Paydesk',
    navLabel: 'الشاشات',
    nav: {
      sale: 'بيع',
      customers: 'العملاء',
      history: 'السجل',
      shift: 'الوردية',
      team: 'فريق العمل',
      settings: 'الإعدادات',
    },
    training:
      'وضع التدريب: تذهب المدفوعات إلى البوابة التجريبية المدمجة. لا يتم خصم أي مبلغ من البطاقة.',
    settingsReset:
      'ملف الإعدادات تالف أو تم تغييره خارج Paydesk، لذلك تُستخدم الإعدادات الافتراضية. راجع كل الإعدادات قبل قبول المدفوعات.',
    noSecureStorage:
      'لا يوفر هذا الجهاز تخزينًا آمنًا للأسرار، لذلك لا يمكن حفظ بيانات اعتماد البوابة ولا كلمة مرور قاعدة بيانات المتجر، ووضع المتجر متوقف، ولا يمكن التحقق من سجل التدقيق. وضع التدريب يعمل مع ذلك.',
    loading: 'جارٍ التحميل…',
    loadFailed: 'تعذر على Paydesk قراءة إعداداته.',
  },
  menu: {
    about: 'حول Paydesk',
    services: 'الخدمات',
    hide: 'إخفاء Paydesk',
    hideOthers: 'إخفاء الآخرين',
    unhide: 'إظهار الكل',
    quit: 'إنهاء Paydesk',
    sale: 'البيع',
    newSale: 'عملية بيع جديدة',
    history: 'السجل',
    settings: 'الإعدادات…',
    lock: 'قفل',
    edit: 'تحرير',
    undo: 'تراجع',
    redo: 'إعادة',
    cut: 'قص',
    copy: 'نسخ',
    paste: 'لصق',
    selectAll: 'تحديد الكل',
    view: 'عرض',
    resetZoom: 'الحجم الفعلي',
    zoomIn: 'تكبير',
    zoomOut: 'تصغير',
    fullScreen: 'ملء الشاشة',
    reload: 'إعادة التحميل',
    devTools: 'أدوات المطوّر',
    window: 'النافذة',
    minimize: 'تصغير النافذة',
    close: 'إغلاق النافذة',
  },
  common: {
    cancel: 'إلغاء',
    close: 'إغلاق',
    back: 'رجوع',
    optional: 'اختياري',
    none: '—',
    working: 'جارٍ التنفيذ…',
  },
  sale: {
    title: 'عملية بيع جديدة',
    amount: 'المبلغ',
    currency: 'العملة',
    reference: 'مرجع التاجر',
    newReference: 'مرجع جديد',
    phone: 'هاتف العميل',
    phoneCountry: 'رمز الدولة',
    phoneNumber: 'رقم الهاتف',
    card: 'البطاقة',
    cardNumber: 'رقم البطاقة',
    brand: 'نوع البطاقة',
    brandPending: 'يظهر نوع البطاقة أثناء الكتابة',
    expiry: 'تاريخ الانتهاء',
    expiryHint: 'شهر/سنة \u2068MM/YY\u2069',
    cvv: 'رمز CVV',
    cvvHint3: '3 أرقام',
    cvvHint4: '4 أرقام',
    cvvHintAny: '3 أو 4 أرقام',
    holderName: 'اسم حامل البطاقة',
    pay: 'دفع',
    clear: 'مسح',
    keys: 'Enter للدفع عند اكتمال النموذج · Esc للمسح',
    total: 'الإجمالي',
    prepared: 'الاتصال بالبوابة جاهز.',
    notStarted: 'لم تبدأ عملية الدفع.',
    retrying:
      'إعادة المحاولة: بنفس المبلغ والمرجع والهاتف. لم يُحصَّل أي مبلغ في المحاولة السابقة. أدخل بيانات البطاقة.',
    outcomeUnknown:
      'تعذّر على Paydesk التأكد من إتمام عملية الدفع. راجع السجل قبل خصم المبلغ من البطاقة مرة أخرى.',
    existing: {
      title: 'عملية الدفع التي تحمل هذا المرجع',
      open: 'فتح في السجل',
    },
  },
  side: {
    label: 'عملية البيع الحالية وآخر المبيعات',
    current: 'عملية البيع الحالية',
    recent: 'آخر المبيعات',
    none: 'لا توجد مبيعات بعد.',
  },
  progress: {
    title: 'عملية الدفع قيد التنفيذ',
    steps: {
      'creating-session': 'إنشاء الجلسة',
      'checking-card': 'فحص البطاقة',
      'customer-verification': 'بانتظار تحقق العميل',
      charging: 'خصم المبلغ من البطاقة',
      'checking-with-bank': 'بانتظار تأكيد البنك',
      done: 'اكتملت الخطوة',
    },
    stepStatus: {
      done: 'مكتملة',
      current: 'قيد التنفيذ',
      pending: 'بالانتظار',
      skipped: 'تم تخطيها',
      unanswered: 'أُرسلت، ولم يصل الرد بعد',
    },
    skipped: {
      'creating-session': 'جاهزة مسبقًا',
      'checking-card': 'غير مطلوب',
      'customer-verification': 'لم يطلبه البنك',
      charging: 'غير مطلوب',
      'checking-with-bank': 'غير مطلوب',
      done: 'غير مطلوب',
    },
    verifying: 'تحقق العميل قيد التنفيذ',
    verifyingHelp:
      'يُدخل العميل رمز التحقق (OTP) الذي أرسله بنكه في نافذة التحقق. أبقِ Paydesk مفتوحًا.',
    elapsed: 'الوقت المنقضي',
    cancel: 'إلغاء الدفع',
    cancelling: 'جارٍ الإلغاء…',
    cancelRefused:
      'بدأ خصم المبلغ من البطاقة، لذلك لم يعد من الممكن إلغاء هذه العملية. انتظر النتيجة.',
    cancelUnavailable:
      'لم يعد الإلغاء ممكنًا: أُرسلت عملية الدفع إلى البنك ولا يمكن سحبها. انتظر رد البنك.',
    slowBank:
      'البنك بطيء في الرد. لا تكرر عملية الدفع هذه، لا بالبطاقة ولا بأي وسيلة أخرى: انتظر نتيجتها هنا.',
  },
  inDoubt: {
    elapsed: 'الوقت منذ الضغط على «ادفع»',
    checkNow: 'اسأل البنك الآن',
    checking: 'جارٍ سؤال البنك…',
    stillUnanswered: 'سُئل البنك في {{time}}: لا يوجد رد بعد.',
    checkFailed: 'تعذّر على Paydesk سؤال البنك الآن.',
    supervisor:
      'لم يؤكد البنك النتيجة. يجب أن يراجع المشرف هذه العملية مع البنك. لا تكرر عملية الدفع هذه.',
    nextTitle: 'ماذا سيحدث بعد ذلك',
    nextAsking: 'يواصل Paydesk سؤال البنك تلقائيًا حتى يرد. زر «اسأل البنك الآن» يسأله فورًا.',
    nextAnswer:
      'عندما يرد البنك تعرض هذه الشاشة النتيجة النهائية: تمت الموافقة مع الإيصال، أو لم يُخصم أي مبلغ.',
    nextTimeLimit:
      'إذا أظهر البنك أن الخصم لم يصل إليه، يلغي Paydesk الطلب لدى البنك فورًا ويعرض أنه لم يُخصم أي مبلغ. وإلا فإنه يلغيه بعد 17 دقيقة من فتح جلسة الدفع لدى البنك (غالبًا عند بدء الدفع).',
    nextSupervisor:
      'لم يحصل Paydesk على رد نهائي في الوقت المحدد. تبقى العملية في السجل ليراجعها المشرف، ولن يحدث شيء آخر تلقائيًا.',
    nextLeave:
      'يمكنك بدء عملية بيع أخرى في الأثناء: تبقى هذه العملية في السجل بحالة «بانتظار تأكيد البنك» وتظهر نتيجتها هناك.',
  },
  result: {
    approved: 'مقبولة',
    notApproved: 'غير مقبولة',
    checking: 'بانتظار تأكيد البنك',
    checkingHelp:
      'لم يصل رد البنك في الوقت المحدد. يسأل Paydesk البنك عمّا إذا تم خصم المبلغ من البطاقة. لا تكرر عملية الدفع هذه حتى يصل الرد.',
    settled: 'ردّ البنك: هذه هي النتيجة النهائية.',
    card: 'البطاقة',
    brand: 'نوع البطاقة',
    holder: 'حامل البطاقة',
    authCode: 'رمز الموافقة',
    orderId: 'رقم الطلب',
    rrn: 'الرقم المرجعي (RRN)',
    reference: 'مرجع التاجر',
    reason: 'السبب',
    gatewayCode: 'رمز الاستجابة',
    gatewayMessage: 'رسالة البوابة',
    correlationId: 'مرجع الدعم',
    nextStep: 'ماذا تفعل الآن',
    next: {
      declined: 'اطلب من العميل بطاقة أخرى أو وسيلة دفع أخرى.',
      'authentication-failed':
        'لم يتمكن العميل من تأكيد الدفع مع بنكه. حاول مرة أخرى أو اطلب بطاقة أخرى.',
      cancelled: 'لم يُخصم أي مبلغ من البطاقة. ابدأ عملية بيع جديدة عندما يكون العميل جاهزًا.',
      expired: 'انتهت مهلة جلسة الدفع ولم يُخصم أي مبلغ من البطاقة. ابدأ عملية البيع من جديد.',
      rejected: 'لا يمكن استخدام هذه البطاقة هنا. اطلب من العميل بطاقة أخرى.',
      error:
        'لم يُخصم أي مبلغ من البطاقة. حاول مرة أخرى، وإذا تكرر ذلك فاتصل بالدعم مع مرجع الدعم أعلاه.',
    },
    print: 'طباعة الإيصال',
    pdf: 'حفظ PDF',
    newSale: 'عملية بيع جديدة',
    tryAgain: 'إعادة المحاولة',
    printed: 'تم إرسال الإيصال إلى الطابعة.',
    pdfSaved: 'تم حفظ الإيصال: \u2068{{path}}\u2069',
  },
  history: {
    title: 'السجل',
    search: 'بحث',
    searchHint: 'المرجع أو رقم الطلب أو آخر 4 أرقام أو مبلغ مثل 12.50',
    status: 'الحالة',
    allStatuses: 'كل الحالات',
    period: 'التاريخ',
    periods: {
      any: 'أي وقت',
      today: 'اليوم',
      yesterday: 'أمس',
      last7: 'آخر 7 أيام',
      last30: 'آخر 30 يومًا',
      thisMonth: 'هذا الشهر',
      lastMonth: 'الشهر الماضي',
      custom: 'اختيار الأيام…',
    },
    from: 'من',
    to: 'إلى',
    dayHint: 'السنة-الشهر-اليوم',
    export: 'تصدير CSV',
    exported: 'عدد العمليات المُصدَّرة: {{rows}}. الملف: \u2068{{path}}\u2069',
    exporting: 'جارٍ التصدير… {{rows}} عملية حتى الآن ({{percent}})',
    exportProgressLabel: 'تقدّم التصدير',
    exportCancel: 'إلغاء التصدير',
    exportCancelled: 'تم إلغاء التصدير. لم يُحفظ أي ملف.',
    empty: 'لا توجد عمليات مطابقة.',
    loading: 'جارٍ التحميل…',
    shown: 'عدد عمليات الدفع المعروضة: {{payments}}',
    attemptsShown: 'عدد المحاولات الفاشلة المعروضة: {{attempts}}',
    more: 'يتم تحميل المزيد أثناء التمرير.',
    list: 'عمليات الدفع والمحاولات',
    columns: {
      date: 'التاريخ',
      reference: 'المرجع',
      card: 'البطاقة',
      amount: 'المبلغ',
      status: 'الحالة',
    },
  },
  detail: {
    title: 'تفاصيل العملية',
    back: 'العودة إلى القائمة',
    transactions: 'الحركات',
    audit: 'سجل التدقيق',
    type: 'النوع',
    time: 'الوقت',
    step: 'الخطوة',
    outcome: 'النتيجة',
    note: 'التفاصيل',
    operator: 'الموظف',
    approvedBy: '{{operator}}، بموافقة {{approver}}',
    captured: 'المبلغ المحصَّل',
    refunded: 'المبلغ المسترد',
    reprintCustomer: 'طباعة نسخة العميل',
    reprintMerchant: 'طباعة نسخة التاجر',
    refund: 'استرداد',
  },
  refund: {
    title: 'استرداد عملية الدفع',
    full: 'استرداد كامل المبلغ المتبقي: {{amount}}',
    partial: 'استرداد جزئي',
    amount: 'مبلغ الاسترداد',
    confirm: 'استرداد الآن',
    done: 'تم الاسترداد.',
    refused: 'رفضت البوابة الاسترداد.',
    inDoubt:
      'لم يصل رد بوابة الدفع على طلب الاسترداد، فلا نعرف بعد إن تم. راجع عملية الدفع هذه قبل أن تطلب الاسترداد مرة ثانية.',
  },
  languages: { en: 'English', ar: 'العربية' },
  status: {
    paid: 'مقبولة',
    declined: 'مرفوضة',
    'authentication-failed': 'لم يجتز العميل التحقق',
    cancelled: 'ملغاة',
    expired: 'منتهية المهلة',
    rejected: 'بطاقة غير مدعومة',
    error: 'خطأ',
    'in-doubt': 'بانتظار تأكيد البنك',
    'in-progress': 'قيد التنفيذ',
    refunded: 'مستردة',
    'partially-refunded': 'مستردة جزئيًا',
    voided: 'مُبطلة',
    authorized: 'مبلغ محجوز',
    released: 'حجز مُبطَل',
    'hold-expired': 'انتهى الحجز',
  },
  brands: { ...brandNames.ar, unknown: 'نوع غير معروف' },
  transaction: {
    types: {
      Authentication: 'تحقق العميل',
      Authorization: 'الموافقة',
      Capture: 'التحصيل',
      Pay: 'الدفع',
      Refund: 'الاسترداد',
      Reversal: 'عكس العملية',
      Void: 'الإبطال',
      Installment: 'التقسيط',
    },
    statuses: { InProgress: 'قيد التنفيذ', Success: 'ناجحة', Failed: 'فاشلة' },
  },
  ...arOperators,
  ...arTeam,
  ...arAudit,
  ...arHolds,
  ...arReceipts,
  ...arAdoption,
  ...arShifts,
  ...arLinks,
  ...arPhones,
  ...arSameCard,
  ...arGlance,
  ...arStore,
  ...arStoreDay,
  ...arStoreAudit,
  ...arNotCharged,
  ...arLive,
  ...arAuditDetail,
  ...arUpdates,
  ...arCustomers,
  ...arSettings,
  errors: arErrors,
};
