import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { IpcError } from '../../../shared/ipc';
import type { CustomerView, SavedCardView } from '../../../shared/ipc-customers';
import { ConfirmDialog } from '../common/confirm-dialog';
import { ErrorNotice } from '../common/error-notice';
import { TextField } from '../common/text-field';
import { operatorFieldError } from '../../../shared/text/operator-text';
import { isolate } from '../format/values';
import { useLanguage } from '../i18n/use-language';
import { paydesk } from '../paydesk';
import { SavedCardExpiry, SavedCardName } from './saved-card-name';

/**
 * Why a supervisor deletes or removes, for the audit trail: optional, and like every operator
 * text never a card number. `reason` is what to send (absent when nothing was typed).
 */
function useReason() {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const [tried, setTried] = useState(false);
  const trimmed = text.trim();
  const error = operatorFieldError(trimmed, 'text-card-number');
  return {
    /** Null (and the field shows why) when the text cannot be sent. */
    request: (): { reason?: string } | null => {
      setTried(true);
      if (error) return null;
      return trimmed === '' ? {} : { reason: trimmed };
    },
    field: (
      <TextField
        label={t('customers.reason')}
        error={tried ? error : null}
        maxLength={200}
        dir="auto"
        value={text}
        onValueChange={setText}
      />
    ),
  };
}

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
  const reason = useReason();
  return (
    <ConfirmDialog
      title={t('customers.deleteTitle', { name })}
      confirmLabel={t('customers.deleteConfirm')}
      onClose={onClose}
      onConfirm={async () => {
        const why = reason.request();
        if (!why) return;
        const answer = await paydesk().customerDelete({
          customerId: customer.customerId,
          confirmed: true,
          ...why,
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
      {reason.field}
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
  const reason = useReason();
  return (
    <ConfirmDialog
      title={t('customers.cards.removeTitle')}
      confirmLabel={t('customers.cards.removeConfirm')}
      onClose={onClose}
      onConfirm={async () => {
        const why = reason.request();
        if (!why) return;
        const answer = await paydesk().savedCardRemove({
          customerId: customer.customerId,
          cardId: card.cardId,
          confirmed: true,
          ...why,
        });
        if (answer.ok) onRemoved(answer.value);
        else setError(answer.error);
      }}
    >
      <p className="saved-card-line">
        <SavedCardName card={card} /> · <SavedCardExpiry card={card} />
      </p>
      <p>{t('customers.cards.removeBody', { name: isolate(customer.name, language) })}</p>
      {reason.field}
      {error ? <ErrorNotice error={error} /> : null}
    </ConfirmDialog>
  );
}
