import type { HoldResult } from '../../../shared/ipc';
import type { LinkRequest, LinkStatus, LinkView } from '../../../shared/ipc-links';
import { validateLinkRequest } from '../../../shared/link-rules';
import { capMinorOf, gatewayAmount } from '../../../shared/money/amount';
import { ok } from '../../../shared/result';
import { createConnectionPool } from '../gateway/connection-pool';
import { displayCode, type GatewayError } from '../gateway/gateway-error';
import type { NetworkRoute } from '../gateway/network-route';
import { defaultGatewayTimeouts, type GatewayTimeouts } from '../gateway/timeouts';
import type { JournalEvent } from '../journal/journal';
import type { LinkEnding, LinkJournal, LinkMatch, LinkRecord } from './link-journal';
import { createLogger } from '../logging/redacting-logger';
import { actingOperator, operatorStamp } from '../operators/acting-operator';
import { refusal, type EngineResult } from '../payments/engine-failure';
import { failureFromGatewayError } from '../payments/failure-from-gateway';
import { gatewayAccessSource, openGatewayAccess } from '../payments/gateway-access';
import { createHolds, type HoldActionResult } from '../payments/holds/hold-actions';
import { defaultEngineTuning, type EngineTuning } from '../payments/payment-deps';
import { createSleeper } from '../payments/sleeper';
import type { Clock, IdGenerator, Logger, SecretReader } from '../ports';
import { createLinkClient, type LinkClient } from './link-client';
import { createLinkFollower, type FollowTuning } from './link-follower';
import { linkHoldStore } from './link-hold-store';
import { observeLink } from './link-reading';

export interface LinkServiceDeps {
  gateway: () => { baseUrl: string };
  secrets: SecretReader;
  journal: LinkJournal;
  clock: Clock;
  ids: IdGenerator;
  logger: Logger;
  settings: () => { language: 'en' | 'ar'; amountCap: string };
  timeouts?: Partial<GatewayTimeouts>;
  follow?: Partial<FollowTuning>;
  /** A held link's capture and release wait and settle as a card hold's do. */
  tuning?: Partial<Pick<EngineTuning, 'refundSettleMs' | 'inDoubtRetryDelaysMs'>>;
  /** The OS trust store and proxy for gateway connections; absent: Node's defaults. */
  route?: NetworkRoute;
}

export interface LinkService {
  create(request: LinkRequest): Promise<EngineResult<LinkView>>;
  resend(linkId: string): Promise<EngineResult<LinkView>>;
  cancel(linkId: string): Promise<EngineResult<LinkView>>;
  get(linkId: string): EngineResult<LinkView>;
  list(statuses: readonly LinkStatus[] | null, limit: number): LinkView[];
  /** Links History's search finds (see LinkJournal.find), newest first. */
  find(match: LinkMatch, limit: number): LinkView[];
  /** A held link's capture or release (the holds code, with the link as the record). */
  capture(linkId: string): Promise<EngineResult<HoldResult>>;
  release(linkId: string): Promise<EngineResult<HoldResult>>;
  /**
   * Follows every link still pending in the journal, and settles every held link's capture
   * or release left in doubt (a crash after it was sent) from Get order (start-up).
   */
  resume(): void;
  onUpdated(listener: (link: LinkView) => void): () => void;
  close(): Promise<void>;
}

const HOUR_MS = 60 * 60_000;

/** The journal's record without where it was made and its deadline: the contract's view. */
const viewOf = ({
  gatewayBaseUrl: _url,
  merchantPublicKey: _key,
  settleAfter: _settleAfter,
  ...view
}: LinkRecord): LinkView => view;

const gatewayRefusal = (error: GatewayError) => {
  const failure = failureFromGatewayError(error, 'gateway-refused');
  const words = [failure.gatewayCode, failure.gatewayMessage].filter(Boolean).join(' ');
  return refusal(failure.code, words || 'The gateway did not accept the request.');
};

/** Who acts, for the journal's events: the signed-in operator, or nobody (start-up follows). */
const stamp = (event: Omit<JournalEvent, 'operator'>): JournalEvent => {
  const acting = actingOperator.getStore();
  return { ...event, operator: acting ? operatorStamp(acting) : null };
};

/**
 * Payment links: created and sent through the gateway's e-invoice calls, then
 * followed until the customer pays (or the money is held), the link expires or we cancel
 * it. A link's ending is written once, with its ledger row, whatever races: the follower's
 * polls, a restart's, and the answer to a cancel.
 */
export function createLinkService(deps: LinkServiceDeps): LinkService {
  const { journal, clock } = deps;
  const logger = createLogger(deps.logger);
  const timeouts = { ...defaultGatewayTimeouts, ...deps.timeouts };
  const pool = createConnectionPool({ connectTimeoutMs: timeouts.connectMs, route: deps.route });
  const source = gatewayAccessSource(deps, { pool, timeouts, logger, clock });
  const listeners = new Set<(link: LinkView) => void>();
  const announce = (linkId: string) => {
    const record = journal.get(linkId);
    if (record) for (const listener of listeners) listener(viewOf(record));
  };

  /** The gateway and merchant the link was made with (follow-ups go there), or today's. */
  const clientFor = async (
    pinned?: LinkRecord,
  ): Promise<EngineResult<{ client: LinkClient; baseUrl: string; merchantPublicKey: string }>> => {
    const access = await openGatewayAccess(
      source,
      pinned && { baseUrl: pinned.gatewayBaseUrl, merchantPublicKey: pinned.merchantPublicKey },
    );
    if (!access.ok)
      return refusal(access.error, 'The gateway cannot be reached with the current settings.');
    const { client, baseUrl, merchantPublicKey } = access.value;
    return ok({ client: createLinkClient(client.target, timeouts), baseUrl, merchantPublicKey });
  };

  /**
   * Writes the ending once (the journal refuses a second); the screen hears the link as the
   * journal then has it, whoever wrote it (another process on the same file, say).
   */
  const settle = (linkId: string, ending: LinkEnding): void => {
    journal.settle(linkId, ending, {
      step: ending.status,
      outcome: ending.status === 'paid' || ending.status === 'held' ? 'ok' : 'ended',
      detail: 'order' in ending ? ending.order.orderId : ending.gatewayStatus,
    });
    announce(linkId);
  };

  const tuning = { ...defaultEngineTuning, ...deps.tuning };
  const sleeper = createSleeper();
  const holds = createHolds({
    store: linkHoldStore(journal, stamp, announce),
    async clientFor(linkId) {
      const link = journal.get(linkId);
      const access = await openGatewayAccess(
        source,
        link
          ? { baseUrl: link.gatewayBaseUrl, merchantPublicKey: link.merchantPublicKey }
          : undefined,
      );
      return access.ok ? { ...access, value: access.value.client } : access;
    },
    clock,
    settleMs: tuning.refundSettleMs,
    retryDelaysMs: tuning.inDoubtRetryDelaysMs,
    sleep: sleeper.sleep,
  });

  /**
   * One look at a followed link: a pending link's intent, and its orders when it says it was
   * paid; a held link's capture or release in doubt, its order (done once it is settled).
   */
  const poll = async (linkId: string): Promise<boolean> => {
    const link = journal.get(linkId);
    if (link?.status === 'held' && link.holdPhase) return (await holds.check(linkId)) !== null;
    if (!link || link.status !== 'pending') return true;
    const access = await clientFor(link);
    if (!access.ok) return false;
    const { client } = access.value;
    const intent = await client.get(link.paymentIntentId);
    if (!intent.ok) return false;
    const observation = await observeLink(link, intent.value.paymentIntent, async (orderId) => {
      const order = await client.order(orderId);
      return order.ok ? order.value.order : null;
    });
    if (observation.kind === 'ended') {
      settle(linkId, observation.ending);
      return true;
    }
    if (observation.gatewayStatus !== link.gatewayStatus) {
      journal.recordGatewayStatus(linkId, observation.gatewayStatus, {
        step: 'gateway-status',
        outcome: observation.gatewayStatus,
      });
      announce(linkId);
    }
    return false;
  };

  const follower = createLinkFollower({ poll, clock, logger, tuning: deps.follow });

  /** Sends by every channel the link has; counts each that went. */
  const send = async (link: LinkRecord, client: LinkClient): Promise<GatewayError | null> => {
    const channels = [
      ...(link.phone ? ['sms' as const] : []),
      ...(link.email ? ['email' as const] : []),
    ];
    let failed: GatewayError | null = null;
    for (const channel of channels) {
      const sent = await client.send(link.paymentIntentId, channel);
      if (sent.ok)
        journal.recordSent(link.linkId, stamp({ step: 'sent', outcome: 'ok', detail: channel }));
      else {
        failed = sent.error;
        journal.recordSent(
          link.linkId,
          stamp({ step: 'sent', outcome: 'failed', detail: channel }),
        );
      }
    }
    return failed;
  };

  /** An answer in doubt is followed (Get order only) until the order proves it. */
  const holdAction = async (
    linkId: string,
    act: (linkId: string) => Promise<EngineResult<HoldActionResult>>,
  ): Promise<EngineResult<HoldResult>> => {
    const result = await act(linkId);
    if (!result.ok) return result;
    if (result.value.outcome === 'in-doubt') follower.follow(linkId, clock.now());
    return ok({ ...result.value, detail: null });
  };

  const current = (linkId: string): EngineResult<LinkRecord> => {
    const link = journal.get(linkId);
    return link ? ok(link) : refusal('link-not-found', 'No such payment link.');
  };

  /** A link still pending and a client for the gateway it was made with: resend and cancel. */
  const pendingWithClient = async (
    linkId: string,
  ): Promise<EngineResult<{ link: LinkRecord; client: LinkClient }>> => {
    const link = current(linkId);
    if (!link.ok) return link;
    if (link.value.status !== 'pending')
      return refusal('link-not-pending', 'The payment link is no longer pending.');
    const access = await clientFor(link.value);
    if (!access.ok) return access;
    return ok({ link: link.value, client: access.value.client });
  };

  return {
    async create(request) {
      const valid = validateLinkRequest(
        request,
        capMinorOf(deps.settings().amountCap, request.currency),
      );
      if (!valid.ok)
        return refusal(valid.error, 'The payment link was refused by the input rules.');
      const access = await clientFor();
      if (!access.ok) return access;
      const { client, baseUrl, merchantPublicKey } = access.value;
      const now = clock.now();
      const expiresAt = now + request.expiryHours * HOUR_MS;
      const created = await client.create({
        amount: gatewayAmount(valid.value.amountMinor, request.currency),
        currency: request.currency,
        merchantReferenceId: valid.value.merchantReferenceId,
        description: valid.value.description,
        phone: valid.value.phone,
        email: valid.value.email,
        expiryDate: new Date(expiresAt).toISOString(),
        authorizeOnly: request.authorizeOnly,
        language: deps.settings().language,
      });
      if (!created.ok) return gatewayRefusal(created.error);
      const intent = created.value.paymentIntent;
      const linkId = deps.ids.uuid();
      journal.create(
        {
          linkId,
          paymentIntentId: intent.paymentIntentId,
          url: intent.link,
          merchantReferenceId: valid.value.merchantReferenceId,
          amountMinor: valid.value.amountMinor,
          currency: request.currency,
          description: valid.value.description,
          phone: valid.value.phone,
          email: valid.value.email,
          authorizeOnly: request.authorizeOnly,
          gatewayStatus: intent.status,
          expiresAt,
          createdAt: now,
          gatewayBaseUrl: baseUrl,
          merchantPublicKey,
          operatorId: actingOperator.getStore()?.operatorId ?? null,
        },
        stamp({ step: 'created', outcome: 'ok', detail: intent.paymentIntentId }),
      );
      const record = journal.get(linkId);
      if (!record) return refusal('link-not-found', 'No such payment link.');
      // A link that could not be sent is still followed: the agent can resend or copy it.
      const failed = await send(record, client);
      if (failed)
        logger.warn('link not sent', {
          linkId,
          code: failed.kind === 'refused' ? displayCode(failed.codes) : failed.kind,
        });
      follower.follow(linkId, clock.now());
      announce(linkId);
      return ok(viewOf(journal.get(linkId) as LinkRecord));
    },

    async resend(linkId) {
      const pending = await pendingWithClient(linkId);
      if (!pending.ok) return pending;
      const failed = await send(pending.value.link, pending.value.client);
      announce(linkId);
      if (failed) return gatewayRefusal(failed);
      follower.follow(linkId, clock.now());
      return ok(viewOf(journal.get(linkId) as LinkRecord));
    },

    async cancel(linkId) {
      const pending = await pendingWithClient(linkId);
      if (!pending.ok) return pending;
      const removed = await pending.value.client.remove(pending.value.link.paymentIntentId);
      if (!removed.ok) {
        // Paid (or expired) just before the delete: the next look says which.
        await follower.pollNow(linkId);
        const after = journal.get(linkId) as LinkRecord;
        return after.status === 'pending' ? gatewayRefusal(removed.error) : ok(viewOf(after));
      }
      settle(linkId, { status: 'cancelled', gatewayStatus: null });
      return ok(viewOf(journal.get(linkId) as LinkRecord));
    },

    get(linkId) {
      const link = current(linkId);
      return link.ok ? ok(viewOf(link.value)) : link;
    },

    list: (statuses, limit) => journal.list(statuses, limit).map(viewOf),
    find: (match, limit) => journal.find(match, limit).map(viewOf),

    capture: (linkId) => holdAction(linkId, holds.capture),
    release: (linkId) => holdAction(linkId, holds.release),

    resume() {
      for (const link of journal.pending()) follower.follow(link.linkId, link.updatedAt);
      for (const linkId of journal.holds.inDoubt()) follower.follow(linkId, clock.now());
    },

    onUpdated(listener) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },

    async close() {
      follower.close();
      sleeper.close();
      await pool.close();
    },
  };
}
