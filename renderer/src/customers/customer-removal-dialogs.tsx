import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { IpcError } from '../../../shared/ipc';
import type { CustomerView, SavedCardView } from '../../../shared/ipc-customers';
import { ConfirmDialog } from '../common/confirm-dialog';
import { ErrorNotice } from '../common/error-notice';
import { isolate } from '../format/values';
import { useLanguage } from '../i18n/use-language';
import { paydesk } from '../paydesk';
import { SavedCardExpiry, SavedCardName } from './saved-card-name';

/**
 * Deleting a customer, said first: their saved cards go with them, and how many. Main
 * answers how many it deleted, which the screen then says.
 */
export function DeleteCustomerDialog({
  customer,
  onClose,
  onDeleted,
}: {
  customer: CustomerView;
  onClose(): void;
  onDeleted(deletedCards: number): void;
}) {
  const { t } = useTranslation();
  const language = useLanguage();
  const [error, setError] = useState<IpcError | null>(null);
  const name = isolate(customer.name, language);
  return (
    <ConfirmDialog
      title={t('customers.deleteTitle', { name })}
      confirmLabel={t('customers.deleteConfirm')}
      onClose={onClose}
      onConfirm={async () => {
        const answer = await paydesk().customerDelete({
          customerId: customer.customerId,
          confirmed: true,
        });
        if (answer.ok) onDeleted(answer.value.deletedCards);
        else setError(answer.error);
      }}
    >
      <p>{t('customers.deleteBody', { name })}</p>
      <p className="customer-delete-count">
        {t('customers.deleteCards', { count: customer.cards.length })}
      </p>
      {customer.cards.length > 0 ? (
        <ul className="saved-card-plain-list">
          {customer.cards.map((card) => (
            <li key={card.cardId}>
              <SavedCardName card={card} /> · <SavedCardExpiry card={card} />
            </li>
          ))}
        </ul>
      ) : null}
      {error ? <ErrorNotice error={error} /> : null}
    </ConfirmDialog>
  );
}

/** Removing one saved card, said first; main answers the customer as they now are. */
export function RemoveCardDialog({
  customer,
  card,
  onClose,
  onRemoved,
}: {
  customer: CustomerView;
  card: SavedCardView;
  onClose(): void;
  onRemoved(customer: CustomerView): void;
}) {
  const { t } = useTranslation();
  const language = useLanguage();
  const [error, setError] = useState<IpcError | null>(null);
  return (
    <ConfirmDialog
      title={t('customers.cards.removeTitle')}
      confirmLabel={t('customers.cards.removeConfirm')}
      onClose={onClose}
      onConfirm={async () => {
        const answer = await paydesk().savedCardRemove({
          customerId: customer.customerId,
          cardId: card.cardId,
          confirmed: true,
        });
        if (answer.ok) onRemoved(answer.value);
        else setError(answer.error);
      }}
    >
      <p className="saved-card-line">
        <SavedCardName card={card} /> · <SavedCardExpiry card={card} />
      </p>
      <p>{t('customers.cards.removeBody', { name: isolate(customer.name, language) })}</p>
      {error ? <ErrorNotice error={error} /> : null}
    </ConfirmDialog>
  );
}
