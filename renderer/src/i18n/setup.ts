import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { ar } from './ar';
import { en, type Translation } from './en';
import { textDirection, type Language } from './languages';

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: { translation: Translation };
  }
}

export const i18n = i18next.createInstance();

function applyToDocument(language: Language): void {
  // lang picks fonts and screen-reader voice; dir flips every logical CSS property.
  document.documentElement.lang = language;
  document.documentElement.dir = textDirection(language);
}

/** Starts i18next in English until settings say otherwise (they load in milliseconds). */
export async function initI18n(): Promise<void> {
  await i18n.use(initReactI18next).init({
    resources: { en: { translation: en }, ar: { translation: ar } },
    lng: 'en',
    fallbackLng: 'en',
    // React escapes text itself; escaping here would show &amp; to the operator.
    interpolation: { escapeValue: false },
  });
  applyToDocument('en');
}

/** Switches every string, number format and the page direction at once, no restart. */
export async function switchLanguage(language: Language): Promise<void> {
  if (i18n.language !== language) await i18n.changeLanguage(language);
  applyToDocument(language);
}
