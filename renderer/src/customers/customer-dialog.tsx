import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { IpcError } from '../../../shared/ipc';
import type { CustomerView } from '../../../shared/ipc-customers';
import { ConfirmDialog } from '../common/confirm-dialog';
import { ErrorNotice } from '../common/error-notice';
import { Field } from '../common/field';
import { TextField } from '../common/text-field';
import { isolate } from '../format/values';
import { useLanguage } from '../i18n/use-language';
import { paydesk } from '../paydesk';
import { PhoneFields } from '../sale/phone-fields';
import { useStoreCallingCode } from '../sale/store-calling-code';
import { checkCustomerForm, customerFormValues, type CustomerField } from './customer-form-check';

/**
 * A new customer, or a customer's details changed: name, phone (by the sale form's phone
 * rules, the store country's code filled in), email and notes. Errors show once Save is
 * pressed; main checks everything again and answers the saved customer.
 */
export function CustomerDialog({
  customer,
  onClose,
  onSaved,
}: {
  customer: CustomerView | null;
  onClose(): void;
  onSaved(customer: CustomerView): void;
}) {
  const { t } = useTranslation();
  const language = useLanguage();
  const storeCallingCode = useStoreCallingCode();
  const [values, setValues] = useState(() => customerFormValues(customer, storeCallingCode));
  const [tried, setTried] = useState(false);
  const [error, setError] = useState<IpcError | null>(null);
  const check = checkCustomerForm(values, customer?.customerId ?? null);
  const errorOf = (field: CustomerField) => (tried ? (check.errors[field] ?? null) : null);
  const edit = (changes: Partial<typeof values>) => setValues({ ...values, ...changes });

  const save = async () => {
    setTried(true);
    if (!check.request) return;
    const answer = await paydesk().customerSave(check.request);
    if (answer.ok) onSaved(answer.value);
    else setError(answer.error);
  };

  return (
    <ConfirmDialog
      title={
        customer
          ? t('customers.editTitle', { name: isolate(customer.name, language) })
          : t('customers.newTitle')
      }
      confirmLabel={t('customers.save')}
      onClose={onClose}
      onConfirm={save}
    >
      <div className="customer-form">
        <TextField
          label={t('customers.name')}
          error={errorOf('name')}
          fieldClassName="field-customer-name"
          maxLength={128}
          spellCheck={false}
          dir="auto"
          data-autofocus
          value={values.name}
          onValueChange={(name) => edit({ name })}
        />
        <PhoneFields
          legend={t('customers.phone')}
          note={t('common.optional')}
          countryCode={values.phoneCountryCode}
          number={values.phoneNumber}
          onChange={edit}
          errorOf={errorOf}
        />
        <TextField
          label={`${t('customers.email')} (${t('common.optional')})`}
          error={errorOf('email')}
          type="email"
          maxLength={254}
          dir="ltr"
          value={values.email}
          onValueChange={(email) => edit({ email })}
        />
        <Field label={`${t('customers.notes')} (${t('common.optional')})`} error={errorOf('notes')}>
          {(control) => (
            <textarea
              {...control}
              className="input textarea"
              rows={3}
              maxLength={1000}
              dir="auto"
              value={values.notes}
              onChange={(event) => edit({ notes: event.target.value })}
            />
          )}
        </Field>
      </div>
      {error ? <ErrorNotice error={error} /> : null}
    </ConfirmDialog>
  );
}
