import { useEffect, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { capMinorOf } from '../../../shared/money/amount';
import { ErrorNotice } from '../common/error-notice';
import { usableCards } from '../customers/saved-card-facts';
import { useSavedCardRules } from './use-saved-card-rules';
import { useLanguage } from '../i18n/use-language';
import { useRoleAtLeast } from '../operators/role-gate';
import { useSaleStore, type SavedCardInitiator } from '../stores/sale-store';
import { useSettingsStore } from '../stores/settings-store';
import { CardFields, type CardValues } from './card-fields';
import { ExistingPaymentFacts } from './existing-payment';
import { AmountFields, DetailFields } from './order-fields';
import { PayTotal } from './pay-total';
import { showsErrorOnLeaving, type FieldWiring } from './field-wiring';
import { payFailureTitleKey } from './pay-failure';
import { useTabAfterAdvance } from './tab-after-advance';
import { advanceAfter, type FormSnapshot } from './auto-advance';
import { checkSaleForm, saleFieldOrder, type SaleField } from './sale-form-check';
import { AuthorizeOnlySwitch } from './authorize-only-switch';
import { useCardCheck } from './use-card-check';
import { SaleModeChoice } from './sale-mode';
import { usePrepare } from './use-prepare';
import { useStoreCallingCode } from './store-calling-code';
import { useSameCardStop } from './same-card-stop';
import { UnsettledIndicator } from './unsettled-indicator';
import { SaleCustomer } from './sale-customer';
import { SavedCardChoice } from './saved-card-choice';
import { chargeableWithoutCustomer, savedCardsOffered } from './saved-card-offer';
import { checkSavedSale, type SavedSaleField } from './saved-sale-check';
import { saveCardOff, saveCardPart } from './save-card-choice';
import { SaveCardConsent } from './save-card-consent';
import { SavedCardsNotice } from './saved-cards-notice';

const savedFieldOrder: readonly SavedSaleField[] = ['amount', 'merchantReferenceId', 'cvv'];

const noCard: CardValues = { cardNumber: '', expiry: '', cvv: '', holderName: '' };

/**
 * The keyboard-first sale form. Card data stays in this component's state and is dropped
 * the moment Pay is pressed; the store keeps just amount, currency, reference, phone and the
 * chosen customer. The complete card number alone also goes to main early, for the card
 * check. Enter pays from any field once everything is valid, Escape clears. With a customer
 * chosen, their usable saved cards are offered first (nothing of the card is typed but, when
 * the gateway asks, the CVV), and a card keyed now can be saved for them with their consent.
 */
export function SaleForm() {
  const { t } = useTranslation();
  const draft = useSaleStore((s) => s.draft);
  const failure = useSaleStore((s) => (s.phase.kind === 'form' ? s.phase.error : null));
  const retry = useSaleStore((s) => s.phase.kind === 'form' && s.phase.retry);
  const settings = useSettingsStore((s) => s.view?.settings);
  const [card, setCard] = useState<CardValues>(noCard);
  const [touched, setTouched] = useState<ReadonlySet<SaleField>>(new Set());
  const [submitted, setSubmitted] = useState(false);
  const fields = useRef(new Map<SaleField, HTMLElement>());
  const form = useRef<HTMLFormElement>(null);
  const sameCard = useSameCardStop(failure, () => form.current?.requestSubmit());
  const language = useLanguage();
  const supervisor = useRoleAtLeast('supervisor');
  const customer = draft.customer;
  const rules = useSavedCardRules(customer !== null) ?? null;
  // The chosen saved card; 'keyed' a card typed now; null the customer's first usable card.
  const [payWith, setPayWith] = useState<string | null>(null);
  const [savedCvv, setSavedCvv] = useState('');
  const [saveCard, setSaveCard] = useState(() => saveCardOff(language));
  const agreed = useRef<HTMLInputElement>(null);

  const currency = draft.currency ?? settings?.defaultCurrency ?? 'SAR';
  const authorizeOnly = draft.authorizeOnly ?? settings?.holds.authorizeOnlyDefault ?? false;
  const storeCallingCode = useStoreCallingCode();
  const phoneCountryCode = draft.phoneCountryCode ?? storeCallingCode;
  const values = { ...draft, currency, phoneCountryCode, ...card };
  const now = new Date();
  const capMinor = capMinorOf(settings?.amountCap, currency);
  const check = checkSaleForm(values, now, capMinor);
  const offered = customer !== null && savedCardsOffered(rules);
  const cards = customer && offered ? usableCards(customer.cards, now) : [];
  const savedCard =
    payWith === 'keyed' ? null : (cards.find((c) => c.cardId === payWith) ?? cards[0] ?? null);
  const checkSaved = (cvvAsked: boolean) =>
    customer && savedCard
      ? checkSavedSale(
          { ...draft, currency, cvv: savedCvv, authorizeOnly },
          { customerId: customer.customerId, card: savedCard, cvvAsked },
          capMinor,
        )
      : null;
  const savedCheck = checkSaved(rules?.cvvRequired === true);
  const errors: Partial<Record<SaleField, string>> = savedCheck?.errors ?? check.errors;
  const chargeWithout =
    savedCard !== null && supervisor && chargeableWithoutCustomer(savedCard, rules, now);
  // Saving is offered for a card keyed now, for a chosen customer, where the gateway allows.
  const saving = offered && !savedCard ? saveCard : saveCardOff(language);

  // Move on by itself when the field being typed in is complete: the sale needs no Tab, and a
  // Tab typed by habit right after is absorbed (useTabAfterAdvance).
  const tabAfterAdvance = useTabAfterAdvance();
  const previous = useRef<FormSnapshot>({ values, check });
  useEffect(() => {
    const before = previous.current;
    previous.current = { values, check };
    const typing = saleFieldOrder.find(
      (field) => fields.current.get(field) === document.activeElement,
    );
    const next = typing ? advanceAfter(typing, before, { values, check }) : null;
    if (next) {
      fields.current.get(next)?.focus();
      tabAfterAdvance.moved(fields.current.get(next));
    }
  });
  const prepared = usePrepare({
    amount: check.amountMinor === null ? null : draft.amount.trim(),
    currency,
    merchantReferenceId: draft.merchantReferenceId,
    authorizeOnly,
  });

  const cardCheck = useCardCheck({
    enabled: settings?.checkCardEarly ?? false,
    amount: check.amountMinor === null ? null : draft.amount.trim(),
    currency,
    merchantReferenceId: draft.merchantReferenceId,
    cardDigits: savedCard ? null : check.cardDigits,
    authorizeOnly,
  });

  // Trying again keeps the order and asks for the card again, so the card number is next.
  useEffect(() => {
    if (retry) fields.current.get('cardNumber')?.focus();
  }, [retry]);

  const wiring: FieldWiring = {
    register: (field) => (element) => {
      if (element) fields.current.set(field, element);
      else fields.current.delete(field);
    },
    // Errors wait for the operator to leave the field (or press Pay): no red text while
    // the first digits are still being typed.
    errorOf: (field) => (submitted || touched.has(field) ? (errors[field] ?? null) : null),
    blurred: (field) => (event) => {
      if (!showsErrorOnLeaving(fields.current.get(field), event)) return;
      setTouched((before) => (before.has(field) ? before : new Set(before).add(field)));
    },
  };

  // A saved card: nothing of the card is typed but, when the gateway asks, the CVV; the
  // merchant's own charge (under the customer's agreement) sends none.
  const paySaved = (initiator: SavedCardInitiator) => {
    setSubmitted(true);
    const saved = initiator === 'merchant' ? checkSaved(false) : savedCheck;
    if (!saved) return;
    if (!saved.request) {
      const first = savedFieldOrder.find((field) => saved.errors[field]);
      if (first) fields.current.get(first)?.focus();
      return;
    }
    setSavedCvv('');
    void useSaleStore.getState().paySaved(saved.request, initiator);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (savedCard) {
      paySaved('customer');
      return;
    }
    setSubmitted(true);
    const request = check.request;
    if (!request) {
      const first = saleFieldOrder.find((field) => check.errors[field]);
      if (first) fields.current.get(first)?.focus();
      return;
    }
    const { cardDigits, amountMinor } = check;
    if (cardDigits && amountMinor !== null && sameCard.stops({ cardDigits, amountMinor, currency }))
      return;
    const keep = saveCardPart(saving, customer?.customerId ?? null);
    if (!keep.ok) {
      agreed.current?.focus();
      return;
    }
    cardCheck.handOver();
    setCard(noCard);
    void useSaleStore.getState().pay({
      ...request,
      ...(authorizeOnly ? { authorizeOnly } : {}),
      ...(keep.saveCard ? { saveCard: keep.saveCard } : {}),
    });
  };

  // Starting over remounts this form (SaleScreen keys it by the store's formKey): card,
  // touched fields and errors go with the old instance, and the amount takes focus again.
  const clear = () => useSaleStore.getState().startOver();

  const onKeyDown = (event: KeyboardEvent<HTMLFormElement>) => {
    if (tabAfterAdvance.absorb(event)) return;
    if (event.key === 'Escape') {
      event.preventDefault();
      clear();
    } else if (event.key === 'Enter' && event.target instanceof HTMLSelectElement) {
      // Text inputs submit on Enter by themselves; a select would only open its list.
      event.preventDefault();
      event.currentTarget.requestSubmit();
    }
  };

  return (
    <form ref={form} className="sale-form" noValidate onSubmit={submit} onKeyDown={onKeyDown}>
      <UnsettledIndicator />
      <h1 className="screen-title">{t('sale.title')}</h1>
      <SaleModeChoice />
      {failure && !sameCard.handles(failure) ? (
        <ErrorNotice error={failure} title={t(payFailureTitleKey(failure.code))}>
          {failure.existingPayment ? (
            <ExistingPaymentFacts payment={failure.existingPayment} />
          ) : null}
        </ErrorNotice>
      ) : null}
      {sameCard.panel}
      {retry ? (
        <p className="notice notice-info" role="status">
          {t('sale.retrying')}
        </p>
      ) : null}
      <AmountFields draft={draft} currency={currency} wiring={wiring} autoFocus={!retry} />
      {cards.length > 0 ? (
        <SavedCardChoice
          cards={cards}
          chosen={savedCard}
          onChoose={(chosen) => setPayWith(chosen?.cardId ?? 'keyed')}
          cvvAsked={rules?.cvvRequired === true}
          cvv={savedCvv}
          onCvv={setSavedCvv}
          wiring={wiring}
          onChargeWithout={chargeWithout ? () => paySaved('merchant') : null}
        />
      ) : null}
      {savedCard ? null : (
        <CardFields
          values={card}
          brand={check.brand}
          onChange={(changes) => setCard({ ...card, ...changes })}
          wiring={wiring}
        />
      )}
      {/* After the card, so a keyed sale's Tab order (amount, currency, card) stays as it was. */}
      <SaleCustomer customer={customer} />
      {customer ? <SavedCardsNotice rules={rules} /> : null}
      {offered && !savedCard ? (
        <SaveCardConsent
          value={saveCard}
          onChange={setSaveCard}
          problem={submitted}
          agreedRef={agreed}
        />
      ) : null}
      <DetailFields draft={values} wiring={wiring} phone={!savedCard} />
      <AuthorizeOnlySwitch checked={authorizeOnly} />
      <div className="pay-bar">
        <PayTotal amountMinor={check.amountMinor} currency={currency}>
          {prepared ? <span className="pay-ready">{t('sale.prepared')}</span> : null}
        </PayTotal>
        <p className="pay-keys">{authorizeOnly ? t('glance.holdKeys') : t('sale.keys')}</p>
        <button type="button" className="button button-quiet" onClick={clear}>
          {t('sale.clear')}
        </button>
        <button type="submit" className="button button-primary button-pay">
          {authorizeOnly ? t('glance.hold') : t('sale.pay')}
        </button>
      </div>
    </form>
  );
}
