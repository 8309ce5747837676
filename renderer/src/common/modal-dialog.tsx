import { useEffect, useId, useRef, type KeyboardEvent, type ReactNode } from 'react';

const focusable =
  'button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [href], [tabindex]:not([tabindex="-1"])';

interface ModalDialogProps {
  title: string;
  onClose(): void;
  children: ReactNode;
}

/**
 * An accessible modal on the native <dialog>: the page behind is inert, Escape closes,
 * Tab cycles inside, focus starts on the control marked `data-autofocus` (else the first)
 * and returns to the control that opened it. Mount to open, unmount to close.
 */
export function ModalDialog({ title, onClose, children }: ModalDialogProps) {
  const dialog = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  useEffect(() => {
    const element = dialog.current;
    const opener = document.activeElement;
    element?.showModal();
    // showModal focuses the first control; React's autoFocus ran before the dialog was
    // open, so the intended first control says so with data-autofocus.
    element?.querySelector<HTMLElement>('[data-autofocus]')?.focus();
    return () => {
      element?.close();
      if (opener instanceof HTMLElement) opener.focus();
    };
  }, []);

  const trapTab = (event: KeyboardEvent<HTMLDialogElement>) => {
    if (event.key !== 'Tab') return;
    const items = [...event.currentTarget.querySelectorAll<HTMLElement>(focusable)];
    const first = items[0];
    const last = items.at(-1);
    if (!first || !last) return;
    if (event.shiftKey && document.activeElement === first) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first.focus();
    }
  };

  return (
    <dialog
      ref={dialog}
      className="dialog"
      aria-labelledby={titleId}
      onKeyDown={trapTab}
      onCancel={(event) => {
        // Escape: let React unmount us rather than the browser closing the element alone.
        event.preventDefault();
        onClose();
      }}
    >
      <h2 id={titleId} className="dialog-title">
        {title}
      </h2>
      {children}
    </dialog>
  );
}
