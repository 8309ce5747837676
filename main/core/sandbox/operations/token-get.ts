import { gatewayCodes } from '../codes';
import type { Operation } from '../operation-context';
import { problemReply } from '../problem-details';
import { gatewayReply } from '../reply';
import { guidSchema } from '../rules/guid';
import { ownToken, tokenShape } from '../tokens/token-store';

/**
 * Get token by id (GATEWAY-MORE.md §5.2): the merchant's token, expired or not (its
 * `expiryDate` says so); unknown and another merchant's answer alike, `700.001`.
 */
export const getToken: Operation = (env, request) => {
  const found = ownToken(env, request.pathId ?? '');
  if (!found.ok) return gatewayReply(found.error, request.language);
  return gatewayReply(gatewayCodes.success, request.language, tokenShape(found.value));
};

/**
 * Get token by session (`GET /pgw/api/v1/token?sessionId=…`, RN): the token the session's
 * payment saved. The session may have expired since (the token outlives it); a session that
 * saved none (yet) is `700.001`.
 */
export const getSessionToken: Operation = (env, request) => {
  const sessionId = guidSchema.safeParse(request.query.get('sessionId') ?? '');
  if (!sessionId.success) {
    return problemReply(gatewayCodes.invalidFields, request.correlationId, {
      sessionId: ['The sessionId query parameter must be a GUID.'],
    });
  }
  if (!env.state.sessions.has(sessionId.data))
    return gatewayReply(gatewayCodes.sessionNotFound, request.language);
  const token = [...env.state.tokens.values()].find(
    (entry) =>
      entry.sessionId === sessionId.data &&
      entry.merchantPublicKey === env.merchant.merchantPublicKey,
  );
  if (!token) return gatewayReply(gatewayCodes.tokenNotFound, request.language);
  return gatewayReply(gatewayCodes.success, request.language, tokenShape(token));
};
