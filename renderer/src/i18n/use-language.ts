import { useTranslation } from 'react-i18next';
import type { Language } from './languages';

/** The UI language, for Intl formatting; re-renders the caller when it switches. */
export function useLanguage(): Language {
  const { i18n } = useTranslation();
  return i18n.language === 'ar' ? 'ar' : 'en';
}
