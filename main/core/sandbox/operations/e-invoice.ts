import { z } from 'zod';
import { err, ok, type Result } from '../../../../shared/result';
import { gatewayCodes, type GatewayCode } from '../codes';
import { majorUnitsText } from '../rules/amount-rules';
import { currentStatus, linkUrl, type LinkRecord } from '../links/link-record';
import type { Operation, OperationRequest, SandboxEnvironment } from '../operation-context';
import { refusal } from '../problem-details';
import { gatewayReply } from '../reply';
import { guidSchema } from '../rules/guid';
import { checkLink, linkSchema, type CheckedLink } from '../rules/link-rules';
import { parseFields } from '../rules/schema-fields';
import { paymentIntentShape } from '../shapes/payment-intent-shape';

const updateSchema = linkSchema.extend({
  paymentIntentId: guidSchema,
  status: z.string().optional(),
});

const answer = (env: SandboxEnvironment, request: OperationRequest, link: LinkRecord) =>
  gatewayReply(gatewayCodes.success, request.language, {
    paymentIntent: paymentIntentShape(link, { ...env, now: env.clock.now() }),
  });

/** A link that exists and was not deleted (ids are GUIDs, matched in lower case). */
const findLink = (env: SandboxEnvironment, id: string | null): Result<LinkRecord, GatewayCode> => {
  const link = id ? env.state.links.get(id.toLowerCase()) : undefined;
  return link && !link.deleted ? ok(link) : err(gatewayCodes.linkNotFound);
};

/** A link that may still change: not paid, held, expired or deleted. */
const findPendingLink = (env: SandboxEnvironment, id: string | null) => {
  const found = findLink(env, id);
  if (!found.ok) return found;
  const status = currentStatus(found.value, env.clock.now());
  return status === 'Pending' || status === 'Incomplete' ? found : err(gatewayCodes.linkNotPending);
};

const apply = (link: LinkRecord, checked: CheckedLink, now: number): void => {
  link.amountMinor = checked.amountMinor;
  link.currency = checked.currency;
  link.customer = checked.customer;
  link.merchantReferenceId = checked.merchantReferenceId;
  link.items = checked.items;
  link.preAuthorize = checked.preAuthorize;
  link.expiresAt = checked.expiresAt;
  if (checked.language) link.language = checked.language;
  link.updatedAt = now;
};

/** Create (POST …/direct/eInvoice): a Pending link whose page takes the customer's card. */
export const createLink: Operation = (env, request) => {
  const parsed = parseFields(linkSchema, request.body);
  if (!parsed.ok) return refusal(parsed.error, request.correlationId);
  const now = env.clock.now();
  const checked = checkLink(parsed.value, now);
  if (!checked.ok) return refusal(checked.error, request.correlationId);
  const link: LinkRecord = {
    id: env.uuid(),
    sequence: env.state.nextSequence(),
    amountMinor: 0,
    currency: checked.value.currency,
    customer: checked.value.customer,
    merchantReferenceId: null,
    items: [],
    preAuthorize: false,
    language: request.language,
    expiresAt: now,
    createdAt: now,
    updatedAt: now,
    status: 'Pending',
    deleted: false,
    orderIds: [],
    sentLinks: [],
  };
  apply(link, checked.value, now);
  env.state.links.set(link.id, link);
  return answer(env, request, link);
};

/** Update (PUT …/direct/eInvoice, the id in the body): only while the link is pending. */
export const updateLink: Operation = (env, request) => {
  const parsed = parseFields(updateSchema, request.body);
  if (!parsed.ok) return refusal(parsed.error, request.correlationId);
  const found = findPendingLink(env, parsed.value.paymentIntentId);
  if (!found.ok) return gatewayReply(found.error, request.language);
  const checked = checkLink(parsed.value, env.clock.now());
  if (!checked.ok) return refusal(checked.error, request.correlationId);
  apply(found.value, checked.value, env.clock.now());
  return answer(env, request, found.value);
};

/** Get (GET …/direct/eInvoice/{id}): status, orders and sent links; expiry applies here. */
export const getLink: Operation = (env, request) => {
  const found = findLink(env, request.pathId);
  if (!found.ok) return gatewayReply(found.error, request.language);
  return answer(env, request, found.value);
};

/** The generic read (GET …/paymentIntent/{id}) the official polling recipe uses. */
export const getPaymentIntent: Operation = (env, request) => {
  const found = findLink(env, request.pathId);
  if (!found.ok) return gatewayReply(found.error, request.language);
  return gatewayReply(gatewayCodes.success, request.language, {
    paymentIntent: paymentIntentShape(found.value, { ...env, now: env.clock.now() }, true),
  });
};

/**
 * Delete: a pending link only (a paid one stays; its money comes back by refund). The page
 * refuses from then on; the answer carries a null paymentIntent (AND KDoc).
 */
export const deleteLink: Operation = (env, request) => {
  const found = findPendingLink(env, request.pathId);
  if (!found.ok) return gatewayReply(found.error, request.language);
  found.value.deleted = true;
  found.value.updatedAt = env.clock.now();
  return gatewayReply(gatewayCodes.success, request.language, { paymentIntent: null });
};

const messageText = (link: LinkRecord, url: string): string => {
  const amount = `${link.currency} ${majorUnitsText(link.amountMinor, link.currency)}`;
  return link.language === 'ar'
    ? `Paydesk Sandbox Merchant: ادفع ${amount} عبر هذا الرابط: ${url}`
    : `Paydesk Sandbox Merchant: pay ${amount} at ${url}`;
};

/** Sends the link by SMS or email: into the outbox, and onto the link's sent list. */
const sendLink =
  (channel: 'Sms' | 'Email'): Operation =>
  (env, request) => {
    const found = findPendingLink(env, request.pathId);
    if (!found.ok) return gatewayReply(found.error, request.language);
    const link = found.value;
    const { phone, phoneCountryCode, email } = link.customer;
    const recipient =
      channel === 'Sms' ? (phone ? `${phoneCountryCode ?? ''}${phone}` : null) : email;
    if (recipient === null)
      return gatewayReply(
        channel === 'Sms' ? gatewayCodes.linkNoPhone : gatewayCodes.linkNoEmail,
        request.language,
      );
    const now = env.clock.now();
    const url = linkUrl(env.baseUrl, link);
    link.sentLinks.push({ sentAt: now, channel, recipient });
    link.updatedAt = now;
    const message = {
      sequence: env.state.outbox.length + 1,
      at: now,
      channel,
      recipient,
      paymentIntentId: link.id,
      link: url,
      text: messageText(link, url),
    };
    env.state.outbox.push(message);
    env.onOutbox?.(message);
    return answer(env, request, link);
  };

export const sendLinkBySms = sendLink('Sms');
export const sendLinkByEmail = sendLink('Email');
