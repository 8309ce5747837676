import { useTranslation } from 'react-i18next';
import { useLinkStore, type SaleMode } from '../stores/link-store';

const modes: readonly SaleMode[] = ['card', 'link'];

/**
 * The Sale screen's first choice: the card keyed here (today's flow, for customers who
 * cannot receive a link) or a payment link the customer pays on their own phone.
 */
export function SaleModeChoice() {
  const { t } = useTranslation();
  const mode = useLinkStore((s) => s.mode);
  return (
    <div className="button-row sale-mode" role="group" aria-label={t('links.modeLabel')}>
      {modes.map((item) => (
        <button
          key={item}
          type="button"
          className="button button-quiet"
          aria-pressed={mode === item}
          onClick={() => useLinkStore.getState().choose(item)}
        >
          {t(`links.mode.${item}`)}
        </button>
      ))}
    </div>
  );
}
