import { useTranslation } from 'react-i18next';
import type { HistoryRow } from '../../../shared/ipc';
import { isolate } from '../format/values';
import { useLanguage } from '../i18n/use-language';
import { useNow } from '../sale/use-now';
import { useSettingsStore } from '../stores/settings-store';
import { formatHoldAge, holdTiming } from './hold-timing';

/** Under a hold's status in the list: how long it has been held, marked near its expiry. */
export function HeldAge({ row }: { row: HistoryRow }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const expiryDays = useSettingsStore((s) => s.view?.settings.holds.expiryDays ?? 7);
  const now = useNow(60_000);
  const timing = holdTiming(row, expiryDays, now);
  if (!timing) return null;
  return (
    <span className={timing.warn ? 'cell-hold cell-hold-warning' : 'cell-hold'}>
      {t('holds.age', { age: isolate(formatHoldAge(now - timing.heldAt, language), language) })}
    </span>
  );
}
