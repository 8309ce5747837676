import { CHALLENGE_PASS_CODE } from '../defaults';
import { escapeHtml } from '../../html/escape-html';
import type { SandboxEnvironment } from '../operation-context';
import { setAuthentication } from '../order-lifecycle';
import { majorUnitsText } from '../rules/amount-rules';
import { transStatusOf } from '../shapes/authentication-details-shape';
import type { OrderRecord } from '../state';
import { autoPostDocument, pageDocument } from './html-document';
import { htmlReply, messagePage, type PageReply } from './page-reply';
import { decodeChallengeRequest, encodeChallengeResult } from './three-ds-messages';

type Lookup = { order: OrderRecord } | { reply: PageReply };

// A challenge answers once: a finished one (or one replaced by a newer Authenticate Payer)
// no longer has a page.
const pendingChallenge = (env: SandboxEnvironment, acsTransID: string | null): Lookup => {
  const order = acsTransID ? env.state.ordersByAcsTransaction.get(acsTransID) : undefined;
  if (!order) {
    return {
      reply: messagePage(
        404,
        'Unknown verification',
        'This verification does not exist or was replaced.',
      ),
    };
  }
  if (order.authentication !== 'pending') {
    return {
      reply: messagePage(
        409,
        'Verification finished',
        'This verification has already been answered.',
      ),
    };
  }
  return { order };
};

const challengeForm = (order: OrderRecord): string =>
  `<h1>Confirm your payment</h1>` +
  `<p>Paydesk Sandbox Bank sent a one-time code to the phone number registered for card ` +
  `<strong>${escapeHtml(order.card.masked)}</strong>.</p>` +
  `<dl><dt>Merchant</dt><dd>Paydesk Sandbox Merchant</dd>` +
  `<dt>Amount</dt><dd>${escapeHtml(`${order.currency} ${majorUnitsText(order.amountMinor, order.currency)}`)}</dd></dl>` +
  `<form method="POST" action="/acs/challenge/submit">` +
  `<input type="hidden" name="acsTransID" value="${escapeHtml(order.acsTransactionId)}">` +
  `<label for="otp">One-time code</label>` +
  `<input id="otp" name="otp" type="text" inputmode="numeric" autocomplete="one-time-code" ` +
  `maxlength="8" aria-describedby="otp-hint" autofocus>` +
  `<p id="otp-hint" class="hint">Training card: the code is ${CHALLENGE_PASS_CODE}.</p>` +
  `<button type="submit" name="action" value="submit">Submit</button>` +
  `<button type="submit" name="action" value="cancel">Cancel</button>` +
  `</form>` +
  // `autofocus` is ignored in a cross-origin frame (the gateway's snippet frames this page),
  // so the customer's first key would go nowhere; a script may still move focus.
  `<script>document.getElementById('otp').focus();</script>`;

/**
 * The issuer's challenge page (POST /acs/challenge from the snippet, or GET with `creq` in
 * the query for a person following docs/sandbox.md by hand).
 */
export const challengePage = (env: SandboxEnvironment, form: URLSearchParams): PageReply => {
  const request = decodeChallengeRequest(form.get('creq'));
  if (!request)
    return messagePage(400, 'Verification request invalid', 'creq is missing or unreadable.');
  const found = pendingChallenge(env, request.acsTransID);
  if ('reply' in found) return found.reply;
  return htmlReply(200, pageDocument('Confirm your payment', challengeForm(found.order)));
};

/**
 * POST /acs/challenge/submit: 123456 passes, any other code fails, Cancel abandons. The
 * issuer records the result (as 3-D Secure's results request would, whatever the browser
 * does next), then hands the frame to the gateway's completion step with a CRes.
 */
export const challengeSubmit = (env: SandboxEnvironment, form: URLSearchParams): PageReply => {
  const found = pendingChallenge(env, form.get('acsTransID'));
  if ('reply' in found) return found.reply;
  const { order } = found;
  const cancelled = form.get('action') === 'cancel';
  const passed = !cancelled && (form.get('otp') ?? '').trim() === CHALLENGE_PASS_CODE;
  setAuthentication(env, order, cancelled ? 'cancelled' : passed ? 'passed' : 'failed');
  const cres = encodeChallengeResult({
    threeDSServerTransID: order.threeDSecureId,
    acsTransID: order.acsTransactionId,
    transStatus: transStatusOf(order),
  });
  return htmlReply(
    200,
    autoPostDocument('Returning to the merchant', 'Returning to the merchant…', {
      formId: 'challengeResultForm',
      action: `${env.baseUrl}/3ds/complete`,
      fields: { cres },
    }),
  );
};
