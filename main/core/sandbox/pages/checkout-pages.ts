import { escapeHtml } from '../../html/escape-html';
import { currentStatus, type LinkRecord } from '../links/link-record';
import type { SandboxEnvironment } from '../operation-context';
import { chargeOrder } from '../pay-outcome';
import { newOrderRecord, typedCard } from '../order-record';
import { setAuthentication } from '../order-lifecycle';
import { majorUnitsText } from '../rules/amount-rules';
import { checkCard, type CheckedCard } from '../rules/card-rules';
import type { OrderRecord } from '../state';
import { autoPostDocument, pageDocument } from './html-document';
import { htmlReply, type PageReply } from './page-reply';
import {
  checkoutLanguage,
  checkoutText,
  type CheckoutLanguage,
  type CheckoutWords,
} from './checkout-text';
import { encodeChallengeRequest } from './three-ds-messages';

// Phone-sized first: one column, fields as wide as the screen, large touch targets.
const checkoutStyle =
  '.checkout input{width:100%;box-sizing:border-box;letter-spacing:normal}' +
  '.checkout .pair{display:flex;gap:.75rem}.checkout .pair>div{flex:1}' +
  '.checkout button{width:100%;font-size:1.1rem;padding:.8rem;margin:1.2rem 0 0}' +
  '.amount{font-size:1.6rem;font-weight:700;margin:.2rem 0}.error{color:#a00;font-size:.9rem}' +
  '.lang{float:inline-end}bdi{unicode-bidi:isolate}';

const page = (status: number, lang: CheckoutLanguage, title: string, body: string): PageReply =>
  htmlReply(status, pageDocument(title, body, { lang, extraStyle: checkoutStyle }));

const amountText = (link: LinkRecord) =>
  `<bdi dir="ltr">${escapeHtml(`${link.currency} ${majorUnitsText(link.amountMinor, link.currency)}`)}</bdi>`;

const referenceLine = (link: LinkRecord, words: CheckoutWords) =>
  link.merchantReferenceId
    ? `<p class="hint">${escapeHtml(words.reference)}: <bdi dir="ltr">${escapeHtml(link.merchantReferenceId)}</bdi></p>`
    : '';

/**
 * Who is paid, how much and for what reference: every page after the checkout repeats it, so
 * the customer's last screen (a screenshot they keep) says what they paid and to whom.
 */
const linkSummary = (link: LinkRecord, words: CheckoutWords) =>
  `<p class="amount">${amountText(link)}</p>` +
  `<p>${escapeHtml(words.merchantLabel)}: <bdi>${escapeHtml(words.merchant)}</bdi></p>` +
  referenceLine(link, words);

const notice = (
  status: number,
  lang: CheckoutLanguage,
  title: string,
  text: string,
  link: LinkRecord | null,
) =>
  page(
    status,
    lang,
    title,
    `<h1>${escapeHtml(title)}</h1>` +
      (link ? linkSummary(link, checkoutText[lang]) : '') +
      `<p>${escapeHtml(text)}</p>`,
  );

/** Why a link takes no payment (deleted, expired, already paid or held), or null if it does. */
const refusalOf = (
  env: SandboxEnvironment,
  link: LinkRecord | undefined,
  lang: CheckoutLanguage,
) => {
  const words = checkoutText[lang];
  if (!link) return notice(404, lang, words.unknownTitle, words.unknownText, null);
  if (link.deleted) return notice(410, lang, words.closedTitle, words.cancelledText, link);
  const status = currentStatus(link, env.clock.now());
  if (status === 'Expired') return notice(410, lang, words.closedTitle, words.expiredText, link);
  if (status === 'Paid' || status === 'Preauthorized')
    return notice(409, lang, words.closedTitle, words.alreadyText, link);
  return null;
};

type FieldName = 'number' | 'expiry' | 'cvc' | 'name';

const field = (
  words: CheckoutWords,
  name: FieldName,
  label: string,
  attributes: string,
  error: string | null,
) =>
  `<div><label for="${name}">${escapeHtml(label)}</label>` +
  `<input id="${name}" name="${name}" dir="ltr" ${attributes}` +
  (error ? ` aria-invalid="true" aria-describedby="${name}-error"` : '') +
  `>${error ? `<p id="${name}-error" class="error">${escapeHtml(error)}</p>` : ''}</div>`;

/**
 * The checkout form. The card fields carry the standard autocomplete tokens so a phone can
 * fill them; nothing typed is ever written back into the page (an error clears the fields).
 */
const checkoutForm = (
  link: LinkRecord,
  lang: CheckoutLanguage,
  errors: Partial<Record<FieldName, string>> = {},
) => {
  const words = checkoutText[lang];
  const other: CheckoutLanguage = lang === 'ar' ? 'en' : 'ar';
  const body =
    `<a class="lang" href="/pay/${link.id}?lang=${other}" lang="${other}">${escapeHtml(words.other)}</a>` +
    `<h1>${escapeHtml(words.merchant)}</h1>` +
    `<p>${escapeHtml(words.amount)}</p><p class="amount">${amountText(link)}</p>` +
    (link.preAuthorize ? `<p class="hint">${escapeHtml(words.holdNote)}</p>` : '') +
    (link.items[0]?.description ? `<p>${escapeHtml(link.items[0].description)}</p>` : '') +
    referenceLine(link, words) +
    `<form class="checkout" method="POST" action="/pay/${link.id}" novalidate>` +
    `<input type="hidden" name="lang" value="${lang}">` +
    field(
      words,
      'number',
      words.cardNumber,
      'type="text" inputmode="numeric" autocomplete="cc-number" maxlength="23"',
      errors.number ?? null,
    ) +
    `<div class="pair">` +
    field(
      words,
      'expiry',
      words.expiry,
      'type="text" inputmode="numeric" autocomplete="cc-exp" placeholder="MM/YY" maxlength="5"',
      errors.expiry ?? null,
    ) +
    field(
      words,
      'cvc',
      words.cvc,
      'type="password" inputmode="numeric" autocomplete="cc-csc" maxlength="4"',
      errors.cvc ?? null,
    ) +
    `</div>` +
    field(
      words,
      'name',
      words.name,
      'type="text" autocomplete="cc-name" maxlength="100"',
      errors.name ?? null,
    ) +
    `<button type="submit">${escapeHtml(words.pay)} ${amountText(link)}</button></form>`;
  return page(200, lang, words.title, body);
};

/** GET /pay/{id}: the customer's checkout, or why this link takes no payment. */
export const checkoutPage = (env: SandboxEnvironment, id: string, form: URLSearchParams) => {
  const link = env.state.links.get(id);
  const lang = checkoutLanguage(form.get('lang'), link?.language ?? 'en');
  return refusalOf(env, link, lang) ?? checkoutForm(link as LinkRecord, lang);
};

const fieldOf: Record<string, FieldName> = {
  'card.cardNumber': 'number',
  'card.expiryDate': 'expiry',
  'card.cvv': 'cvc',
  'card.cardholderName': 'name',
};

const wordFor: Record<FieldName, keyof CheckoutWords> = {
  number: 'invalidNumber',
  expiry: 'invalidExpiry',
  cvc: 'invalidCvc',
  name: 'invalidName',
};

/** The typed card through the gateway's own card rules; errors by form field. */
const readCard = (env: SandboxEnvironment, form: URLSearchParams, words: CheckoutWords) => {
  const [month = '', year = ''] = (form.get('expiry') ?? '').split('/').map((part) => part.trim());
  const checked = checkCard(
    {
      cardNumber: (form.get('number') ?? '').replace(/[\s-]/g, ''),
      cardholderName: form.get('name') ?? '',
      cvv: form.get('cvc') ?? '',
      expiryDate: { month, year },
    },
    new Date(env.clock.now()),
    'card',
  );
  if (checked.ok) return checked;
  const errors: Partial<Record<FieldName, string>> = {};
  for (const error of checked.error) {
    const name = fieldOf[error.field] ?? 'number';
    errors[name] = words[wordFor[name]];
  }
  return { ok: false as const, errors };
};

const result = (link: LinkRecord, order: OrderRecord, lang: CheckoutLanguage): PageReply => {
  const words = checkoutText[lang];
  if (order.detailedStatus === 'Paid')
    return notice(200, lang, words.paidTitle, words.paidText, link);
  if (order.detailedStatus === 'Authorized')
    return notice(200, lang, words.heldTitle, words.heldText, link);
  const text = order.authentication === 'rejected' ? words.rejectedText : words.declinedText;
  return page(
    200,
    lang,
    words.declinedTitle,
    `<h1>${escapeHtml(words.declinedTitle)}</h1>${linkSummary(link, words)}<p>${escapeHtml(text)}</p>` +
      `<p><a href="/pay/${link.id}?lang=${lang}">${escapeHtml(words.tryAgain)}</a></p>`,
  );
};

/**
 * Charges the link's order once its 3-D Secure passed: at most once per link (the link must
 * still be open and this order never charged), then the link follows the order: Paid,
 * Preauthorized (a hold), or Incomplete (declined; the customer may try another card).
 */
const chargeLink = (env: SandboxEnvironment, link: LinkRecord, order: OrderRecord): void => {
  if (refusalOf(env, link, 'en') !== null || order.payAttempts > 0) return;
  if (order.authentication === 'passed') chargeOrder(env, order, env.faults.takePayEnding());
  link.status =
    order.detailedStatus === 'Paid'
      ? 'Paid'
      : order.detailedStatus === 'Authorized'
        ? 'Preauthorized'
        : 'Incomplete';
  link.updatedAt = env.clock.now();
};

const startOrder = (env: SandboxEnvironment, link: LinkRecord, card: CheckedCard, lang: string) => {
  const order = newOrderRecord(env, {
    id: env.uuid(),
    session: {
      id: link.id,
      merchantReferenceId: link.merchantReferenceId ?? link.id,
      amountMinor: link.amountMinor,
      currency: link.currency,
      paymentOperation: link.preAuthorize ? 'PreAuthorize' : 'Pay',
      language: lang,
    },
    returnUrl: `${env.baseUrl}/pay/${link.id}/return`,
    callbackUrl: null,
    source: 'Hpp',
    card: {
      ...typedCard(card),
      holderName: card.holderName,
      expiryMonth: card.expiryMonth,
      expiryYear: card.expiryYear,
    },
  });
  link.orderIds.push(order.id);
  return order;
};

/**
 * POST /pay/{id}: the card. A card that needs a challenge goes to the issuer's page (the
 * same one-time code page as a Direct API sale, code 123456); any other is decided at once.
 */
export const checkoutSubmit = (env: SandboxEnvironment, id: string, form: URLSearchParams) => {
  const link = env.state.links.get(id);
  const lang = checkoutLanguage(form.get('lang'), link?.language ?? 'en');
  const refused = refusalOf(env, link, lang);
  if (refused || !link) return refused as PageReply;
  const card = readCard(env, form, checkoutText[lang]);
  if (!card.ok) return checkoutForm(link, lang, card.errors);
  const order = startOrder(env, link, card.value, lang);
  if (order.initiateDecision !== 'ContinueToPayer') {
    setAuthentication(env, order, order.initiateDecision === 'Reject' ? 'rejected' : 'passed');
    chargeLink(env, link, order);
    return result(link, order, lang);
  }
  const creq = encodeChallengeRequest({
    threeDSServerTransID: order.threeDSecureId,
    acsTransID: order.acsTransactionId,
  });
  return htmlReply(
    200,
    autoPostDocument('3-D Secure', 'Opening your bank’s verification…', {
      formId: 'challengeForm',
      action: `${env.baseUrl}/acs/challenge`,
      fields: { creq },
    }),
  );
};

/**
 * GET or POST /pay/{id}/return: where the challenge comes back (the completion step's
 * returnUrl). The issuer already recorded the result; the latest order of the link is
 * charged if it passed. A reload shows the outcome again and charges nothing.
 */
export const checkoutReturn = (env: SandboxEnvironment, id: string): PageReply => {
  const link = env.state.links.get(id);
  const orderId = link?.orderIds.at(-1);
  const order = orderId ? env.state.orders.get(orderId) : undefined;
  const lang = checkoutLanguage(order?.language ?? null, link?.language ?? 'en');
  if (!link || !order) return refusalOf(env, undefined, lang) as PageReply;
  if (order.payAttempts === 0) {
    const refused = refusalOf(env, link, lang);
    if (refused) return refused;
    chargeLink(env, link, order);
  }
  return result(link, order, lang);
};
