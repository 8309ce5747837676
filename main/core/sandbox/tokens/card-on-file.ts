import type { SandboxEnvironment } from '../operation-context';
import type { CheckedCard } from '../rules/card-rules';
import type { Agreement, OrderRecord } from '../state';
import { saveToken } from './token-store';

/**
 * What a call carrying `cardOnFile: true` asks of its order (GATEWAY-MORE.md §5.1): save the
 * card once paid, under the agreement sent (a later call may add one). Once asked, a call
 * without `cardOnFile` does not take it back.
 */
export const askToSave = (
  order: OrderRecord,
  request: { cardOnFile: boolean; agreement: Agreement | null },
): void => {
  if (!request.cardOnFile) return;
  order.tokenization.cardOnFile = true;
  order.tokenization.agreement = request.agreement ?? order.tokenization.agreement;
};

/**
 * After an approved Pay with a typed card: an order that asked to save its card gets a token
 * (shown as `tokenId` on the order), unless tokenization was turned off meanwhile.
 */
export const saveOrderCard = (
  env: SandboxEnvironment,
  order: OrderRecord,
  card: CheckedCard,
  cvv: string,
): void => {
  const approved = order.detailedStatus === 'Paid' || order.detailedStatus === 'Authorized';
  if (!approved || !order.tokenization.cardOnFile || order.tokenization.tokenId !== null) return;
  if (!env.faults.merchantConfig.isTokenizationEnabled) return;
  const token = saveToken(
    env,
    { ...card, cvv },
    {
      merchantPublicKey: env.merchant.merchantPublicKey,
      agreement: order.tokenization.agreement,
      sessionId: order.sessionId,
    },
  );
  env.readLag.willChange(order);
  order.tokenization.tokenId = token.id;
};
