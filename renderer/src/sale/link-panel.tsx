import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { HoldResult, IpcResult } from '../../../shared/ipc';
import type { LinkView } from '../../../shared/ipc-links';
import { formatDateTime } from '../../../shared/format/date-text';
import { formatCustomerPhone } from '../../../shared/phone';
import { screenMoney } from '../format/screen-money';
import { isolate, Money } from '../format/values';
import { ErrorNotice } from '../common/error-notice';
import { Fact } from '../common/fact';
import { ReceiptActions } from '../common/receipt-actions';
import { HoldActions, HoldOutcome, type HoldAction } from '../history/hold-actions';
import { useLanguage } from '../i18n/use-language';
import type { Credentials } from '../operators/sign-in-form';
import { paydesk } from '../paydesk';
import { useLinkStore } from '../stores/link-store';
import { useSaleStore } from '../stores/sale-store';
import { LinkStatusBadge } from './link-status-badge';

/** Back to the link form with a fresh reference: the next customer's link. */
const newLink = () => {
  useSaleStore.getState().startOver();
  useLinkStore.getState().show(null);
};

const recipientOf = (link: LinkView) =>
  [link.phone ? formatCustomerPhone(link.phone) : null, link.email].filter(Boolean).join(' · ');

function CopyLink({ url }: { url: string }) {
  const { t } = useTranslation();
  const [copied, setCopied] = useState(false);
  return (
    <button
      type="button"
      className="button"
      onClick={() => {
        void navigator.clipboard.writeText(url).then(
          () => setCopied(true),
          () => setCopied(false),
        );
      }}
    >
      {copied ? t('links.copied') : t('links.copy')}
    </button>
  );
}

/** What every state shows: the link itself, its customer and its order once there is one. */
function LinkFacts({ link }: { link: LinkView }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const order = link.order;
  return (
    <dl className="facts">
      {order ? (
        <>
          <Fact label={t('result.authCode')} value={order.authorizationCode} ltr />
          <Fact label={t('result.orderId')} value={order.orderId} ltr />
          <Fact label={t('result.card')} value={order.maskedCard} ltr />
          <Fact
            label={t('result.brand')}
            value={t(order.brand ? `brands.${order.brand}` : 'brands.unknown')}
          />
          <Fact label={t('result.holder')} value={order.holderName} />
        </>
      ) : null}
      <Fact label={t('result.reference')} value={link.merchantReferenceId} ltr />
      <Fact label={t('links.description')} value={link.description} />
      <Fact label={t('links.sentTo')} value={recipientOf(link)} ltr />
      {link.status === 'pending' ? (
        <>
          <Fact label={t('links.link')} value={link.url} ltr />
          <Fact label={t('links.expires')} value={formatDateTime(link.expiresAt, language)} />
          <Fact
            label={t('links.gatewayStatus')}
            value={
              link.gatewayStatus &&
              t(`links.gatewayStatuses.${link.gatewayStatus}`, { defaultValue: link.gatewayStatus })
            }
          />
        </>
      ) : null}
    </dl>
  );
}

const banners = {
  pending: { className: 'result-checking', title: 'links.waitingTitle', help: 'links.waitingHelp' },
  paid: { className: 'result-approved', title: 'links.paidTitle', help: null },
  held: { className: 'result-approved', title: 'links.heldTitle', help: 'links.heldHelp' },
  expired: { className: 'result-declined', title: 'links.expiredTitle', help: 'links.expiredHelp' },
  cancelled: {
    className: 'result-declined',
    title: 'links.cancelledTitle',
    help: 'links.cancelledHelp',
  },
  captured: {
    className: 'result-approved',
    title: 'links.capturedTitle',
    help: 'links.capturedHelp',
  },
  released: {
    className: 'result-declined',
    title: 'links.releasedTitle',
    help: 'links.releasedHelp',
  },
  'hold-expired': {
    className: 'result-declined',
    title: 'links.holdExpiredTitle',
    help: 'links.holdExpiredHelp',
  },
} as const;

/** Which receipt a held link's state prints: the hold itself, its capture or its release. */
const holdReceipts = {
  held: { kind: undefined, label: 'links.heldReceipt' },
  captured: { kind: 'capture', label: 'holds.captureReceipt' },
  released: { kind: 'release', label: 'holds.releaseReceipt' },
} as const;

/**
 * An authorize-only link's hold: Capture and Release
 * as a card hold's, the answer kept while the link's new state arrives from main, a notice
 * while an answer is in doubt, and the hold's receipt ("Authorized — not yet charged"), then
 * its capture's or release's.
 */
function LinkHold({ link }: { link: LinkView }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const [answer, setAnswer] = useState<IpcResult<HoldResult> | null>(null);
  const standing = link.status === 'held' && !link.holdPhase;
  const send = (action: HoldAction, approver?: Credentials) => {
    const request = { attemptId: link.linkId, approver, source: 'link' as const };
    return action === 'capture' ? paydesk().holdCapture(request) : paydesk().holdRelease(request);
  };
  const receipt =
    link.status in holdReceipts && !link.holdPhase
      ? holdReceipts[link.status as keyof typeof holdReceipts]
      : null;
  return (
    <>
      {link.holdPhase ? (
        <p className="notice notice-warning" role="status">
          {t('links.holdInDoubt')}
        </p>
      ) : null}
      {standing ? (
        <HoldActions
          amount={isolate(screenMoney(link.amountMinor, link.currency, language), language)}
          send={send}
          onAnswer={setAnswer}
          holder="link"
        />
      ) : null}
      {answer ? <HoldOutcome answer={answer} holder="link" /> : null}
      {receipt ? (
        <ReceiptActions
          attemptId={link.linkId}
          copies="customer"
          kind={receipt.kind}
          label={t(receipt.label)}
        />
      ) : null}
    </>
  );
}

/**
 * The "Waiting for the customer" panel: one link followed live (main pushes every change, so
 * Paid appears without a click), with Copy link, Resend, Cancel link and New link while it is
 * pending, and the paid or held order with its receipt once the customer has paid.
 */
export function LinkPanel({ link }: { link: LinkView }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const action = useLinkStore((s) => s.action);
  const error = useLinkStore((s) => s.error);
  const resent = useLinkStore((s) => s.resent);
  const banner = banners[link.status];
  const pending = link.status === 'pending';
  return (
    <section
      className={`result-screen link-panel ${banner.className}`}
      aria-labelledby="link-title"
    >
      <div className="result-banner" role={pending ? 'status' : 'alert'}>
        <h1 id="link-title" className="result-title">
          {t(banner.title)}
        </h1>
        <p className="amount-display">{screenMoney(link.amountMinor, link.currency, language)}</p>
        {banner.help ? <p className="result-help">{t(banner.help)}</p> : null}
      </div>
      {error ? <ErrorNotice error={error} /> : null}
      {pending && link.sentCount === 0 ? (
        <p className="notice notice-warning">{t('links.notSent')}</p>
      ) : null}
      {pending && link.gatewayStatus === 'Incomplete' ? (
        <p className="notice notice-info">{t('links.declinedOnce')}</p>
      ) : null}
      {resent ? (
        <p className="notice notice-info" role="status">
          {t('links.resent')}
        </p>
      ) : null}
      <LinkFacts link={link} />
      {link.authorizeOnly && link.order ? <LinkHold key={link.linkId} link={link} /> : null}
      {link.status === 'paid' ? (
        <ReceiptActions attemptId={link.linkId} copies="customer">
          <button type="button" className="button button-primary" autoFocus onClick={newLink}>
            {t('links.newLink')}
          </button>
        </ReceiptActions>
      ) : (
        <div className="button-row">
          {pending ? (
            <>
              <CopyLink url={link.url} />
              <button
                type="button"
                className="button"
                disabled={action !== 'idle'}
                onClick={() => void useLinkStore.getState().resend(link.linkId)}
              >
                {t('links.resend')}
              </button>
              <button
                type="button"
                className="button button-danger"
                disabled={action !== 'idle'}
                onClick={() => void useLinkStore.getState().cancel(link.linkId)}
              >
                {action === 'cancelling' ? t('links.cancelling') : t('links.cancel')}
              </button>
            </>
          ) : null}
          <button type="button" className="button button-primary" onClick={newLink}>
            {t('links.newLink')}
          </button>
        </div>
      )}
    </section>
  );
}

/** The other links this window follows, newest first, each one click from its panel. */
export function OtherLinks({ except }: { except: string | null }) {
  const { t } = useTranslation();
  const links = useLinkStore((s) => s.links);
  const others = [...links.values()]
    .filter((link) => link.linkId !== except)
    .sort((a, b) => b.createdAt - a.createdAt);
  if (others.length === 0) return null;
  return (
    <section className="side-panel" aria-labelledby="other-links">
      <h2 id="other-links">{t('links.otherLinks')}</h2>
      <ul className="recent-list">
        {others.map((link) => (
          <li key={link.linkId}>
            <strong>
              <Money minor={link.amountMinor} currency={link.currency} />
            </strong>
            <bdi dir="ltr">{link.merchantReferenceId}</bdi>
            <LinkStatusBadge status={link.status} />
            <button
              type="button"
              className="button button-quiet"
              onClick={() => useLinkStore.getState().show(link.linkId)}
            >
              {t('links.open')}
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
