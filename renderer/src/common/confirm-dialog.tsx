import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ModalDialog } from './modal-dialog';

interface ConfirmDialogProps {
  title: string;
  confirmLabel: string;
  /** Runs on confirm; resolves when the request has answered. */
  onConfirm(): Promise<void>;
  onClose(): void;
  children: ReactNode;
}

/**
 * A modal form with Cancel and a confirm button that shows "Working…" while the request
 * runs, so a money action cannot be sent twice by a second click.
 */
export function ConfirmDialog(props: ConfirmDialogProps) {
  const { title, confirmLabel, onConfirm, onClose, children } = props;
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  return (
    <ModalDialog title={title} onClose={onClose}>
      <form
        className="dialog-form"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          if (busy) return;
          setBusy(true);
          void onConfirm().finally(() => setBusy(false));
        }}
      >
        {children}
        <div className="button-row dialog-buttons">
          <button type="button" className="button button-quiet" onClick={onClose}>
            {t('common.cancel')}
          </button>
          <button type="submit" className="button button-primary" disabled={busy}>
            {busy ? t('common.working') : confirmLabel}
          </button>
        </div>
      </form>
    </ModalDialog>
  );
}
