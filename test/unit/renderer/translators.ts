import i18next, { type TFunction } from 'i18next';
import { ar } from '../../../renderer/src/i18n/ar';
import { en } from '../../../renderer/src/i18n/en';

/** The app's own tables in an i18next instance of the test's: a `t` per language. */
export async function translators(): Promise<{ english: TFunction; arabic: TFunction }> {
  const i18n = i18next.createInstance();
  await i18n.init({
    resources: { en: { translation: en }, ar: { translation: ar } },
    lng: 'en',
    interpolation: { escapeValue: false },
  });
  return { english: i18n.getFixedT('en'), arabic: i18n.getFixedT('ar') };
}
