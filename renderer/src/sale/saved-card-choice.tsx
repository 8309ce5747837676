import { useTranslation } from 'react-i18next';
import type { SavedCardView } from '../../../shared/ipc-customers';
import { knownBrand } from '../customers/saved-card-facts';
import { SavedCardExpiry, SavedCardName } from '../customers/saved-card-name';
import { CvvField } from './cvv-field';
import type { FieldWiring } from './field-wiring';
import type { SavedSaleField } from './saved-sale-check';

/**
 * How the chosen customer pays: one of their usable saved cards (expired and refused ones
 * are not offered) or a card keyed now. With a saved card the customer reads out nothing but,
 * when the gateway asks for it, the CVV.
 */
export function SavedCardChoice({
  cards,
  chosen,
  onChoose,
  cvvAsked,
  cvv,
  onCvv,
  wiring,
  onChargeWithout,
}: {
  cards: readonly SavedCardView[];
  /** The card chosen; null: a card keyed now. */
  chosen: SavedCardView | null;
  onChoose(card: SavedCardView | null): void;
  cvvAsked: boolean;
  cvv: string;
  onCvv(cvv: string): void;
  wiring: FieldWiring<SavedSaleField>;
  /** Offered for a card saved with an agreement, to a role allowed to; null: not offered. */
  onChargeWithout: (() => void) | null;
}) {
  const { t } = useTranslation();
  return (
    <fieldset className="card-panel saved-card-choice">
      <legend className="panel-title">{t('savedCards.payWith')}</legend>
      <div className="choice-list" role="radiogroup" aria-label={t('savedCards.payWith')}>
        {cards.map((card) => (
          <label key={card.cardId} className="choice">
            <input
              type="radio"
              name="pay-with"
              checked={chosen?.cardId === card.cardId}
              onChange={() => onChoose(card)}
            />
            <span>
              <span>
                <SavedCardName card={card} /> · <SavedCardExpiry card={card} />
              </span>
              {card.agreement ? (
                <span className="field-hint">
                  {t('customers.cards.agreement')}:{' '}
                  {t(`customers.agreementType.${card.agreement.type}`)}
                </span>
              ) : null}
            </span>
          </label>
        ))}
        <label className="choice">
          <input
            type="radio"
            name="pay-with"
            checked={chosen === null}
            onChange={() => onChoose(null)}
          />
          {t('savedCards.keyed')}
        </label>
      </div>
      {chosen && cvvAsked ? (
        <CvvField
          brand={knownBrand(chosen.brand)}
          hint={t('savedCards.cvvHint')}
          fieldClassName="field-cvv field-saved-cvv"
          value={cvv}
          onChange={onCvv}
          wiring={wiring}
        />
      ) : null}
      {chosen && onChargeWithout ? (
        <div className="charge-without">
          <button type="button" className="button" onClick={onChargeWithout}>
            {t('savedCards.chargeWithout')}
          </button>
          <p className="field-hint">{t('savedCards.chargeWithoutHint')}</p>
        </div>
      ) : null}
    </fieldset>
  );
}
