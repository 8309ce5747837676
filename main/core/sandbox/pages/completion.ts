import { gatewayCodes, type GatewayCode } from '../codes';
import type { SandboxEnvironment } from '../operation-context';
import type { AuthenticationStatus } from '../state';
import { autoPostDocument } from './html-document';
import { htmlReply, messagePage, redirectReply, type PageReply } from './page-reply';
import { decodeChallengeResult } from './three-ds-messages';

/** What the returnUrl's `code` and `msg` say for each way a challenge can end. */
const returnCodes: Record<AuthenticationStatus, GatewayCode> = {
  passed: gatewayCodes.success,
  failed: gatewayCodes.authenticationFailed,
  cancelled: gatewayCodes.challengeCancelled,
  pending: gatewayCodes.challengeNotCompleted,
  rejected: gatewayCodes.authenticationRejected,
};

/**
 * The gateway's completion step (POST /3ds/complete with the issuer's CRes): sends the
 * frame on to the order's returnUrl with `code` (detailedResponseCode, `000` on success) and
 * `msg`. Depending on the card (test-cards.ts) as a 302 GET with a query, or as an
 * auto-submitted POST form carrying code and msg in the body.
 */
export const completeChallenge = (env: SandboxEnvironment, form: URLSearchParams): PageReply => {
  const result = decodeChallengeResult(form.get('cres'));
  const order = result
    ? env.state.ordersByThreeDSecureId.get(result.threeDSServerTransID)
    : undefined;
  if (!order)
    return messagePage(
      404,
      'Unknown transaction',
      'No 3-D Secure transaction matches this result.',
    );
  const entry = returnCodes[order.authentication];
  const code = entry.detailedResponseCode;
  const msg = entry.responseMessage;
  if (order.challengeReturn === 'POST') {
    const post = { formId: 'returnForm', action: order.returnUrl, fields: { code, msg } };
    return htmlReply(
      200,
      autoPostDocument('Returning to the merchant', 'Returning to the merchant…', post),
    );
  }
  const target = new URL(order.returnUrl);
  target.searchParams.append('code', code);
  target.searchParams.append('msg', msg);
  return redirectReply(target.toString());
};
