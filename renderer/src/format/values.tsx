import { formatDateTime } from '../../../shared/format/date-text';
import type { Language } from '../../../shared/format/intl-locale';
import type { Currency } from '../../../shared/money/currencies';
import { useLanguage } from '../i18n/use-language';
import { screenMoney } from './screen-money';

/*
 * Values that meet words in a line of text, each in an isolate of its own: next to Arabic
 * words (or another value) an amount, a date or a reference otherwise joins the sentence's
 * direction and its pieces swap places ("2026/11/SAR · 26 ،5:23:41 م").
 */

/** An amount as the screens show it, isolated. */
export function Money({ minor, currency }: { minor: number; currency: Currency }) {
  const language = useLanguage();
  return <bdi className="value-money">{screenMoney(minor, currency, language)}</bdi>;
}

/** A date and time, isolated, in the direction its own words give it. */
export function When({ at }: { at: number }) {
  const language = useLanguage();
  return <bdi className="value-when">{formatDateTime(at, language)}</bdi>;
}

/** A reference or id: Latin letters and digits, left to right, isolated. */
export function Reference({ value }: { value: string }) {
  return (
    <bdi dir="ltr" className="value-reference">
      {value}
    </bdi>
  );
}

/**
 * A value placed into a translated sentence (a string, so no element): first strong
 * isolate … pop directional isolate, the text equivalent of `<bdi>`. English sentences and
 * their values run the same way, so they are left as they are (and stay searchable as typed).
 */
export const isolate = (value: string, language: Language): string =>
  language === 'ar' ? `\u2068${value}\u2069` : value;
