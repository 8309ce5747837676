import type { AgreementType } from './ipc-customers';

/**
 * The words the agent reads to the customer before a card is saved, in English and Arabic.
 * The screen shows both; the core records the text it built here with the consent, so the
 * record says exactly what the customer agreed to. Changing these words changes what new
 * consents say, never what an earlier one recorded.
 */

// Isolates (FSI … PDI) around the merchant's name: a Latin name inside an Arabic sentence
// (or an Arabic one inside English) would otherwise reorder the words around it. Any bidi
// control already in the name is dropped so it cannot reach past its isolate.
const isolate = (value: string) =>
  `\u2068${value.replace(/[\u202A-\u202E\u2066-\u2069]/gu, '')}\u2069`;

const english = (merchant: string, agreementType: AgreementType) =>
  [
    `Do you agree that ${merchant} keeps your card on file with its payment gateway, so you can pay with it again without reading out your card number?`,
    `${merchant} never keeps your full card number or your CVV.`,
    agreementType === 'Recurring'
      ? `You also agree that ${merchant} may charge this card on the regular schedule you agreed with us, without you being present.`
      : `You also agree that ${merchant} may charge this card for payments you ask for, without you being present.`,
    'You can ask us to delete your saved card at any time.',
  ].join(' ');

const arabic = (merchant: string, agreementType: AgreementType) =>
  [
    `هل توافق على أن يحفظ ${merchant} بطاقتك لدى بوابة الدفع، لتدفع بها مرة أخرى دون قراءة رقم البطاقة؟`,
    `لا يحفظ ${merchant} رقم بطاقتك كاملاً ولا رمز CVV.`,
    agreementType === 'Recurring'
      ? `وتوافق أيضاً على أن يخصم ${merchant} المبلغ من هذه البطاقة بشكل دوري وفق الجدول الذي اتفقنا عليه، دون حضورك.`
      : `وتوافق أيضاً على أن يخصم ${merchant} المبلغ من هذه البطاقة لعمليات دفع تطلبها، دون حضورك.`,
    'يمكنك أن تطلب حذف بطاقتك المحفوظة في أي وقت.',
  ].join(' ');

/**
 * The exact consent words in `language` for this merchant and agreement; a store without a
 * merchant name set is named "the store".
 */
export function consentText(
  language: 'en' | 'ar',
  options: { merchantName: string; agreementType: AgreementType },
): string {
  const name = options.merchantName.trim();
  const merchant = name === '' ? (language === 'ar' ? 'المتجر' : 'the store') : isolate(name);
  return language === 'ar'
    ? arabic(merchant, options.agreementType)
    : english(merchant, options.agreementType);
}
