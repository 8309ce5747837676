import type { AttemptResult, Settings } from '../../../shared/ipc';
import { maskCardNumbers } from '../../../shared/text/card-in-text';

/**
 * The free text a receipt prints, passed through the card guard once more before it is
 * rendered, printed or saved as PDF: the journal and settings refuse card numbers today, but a
 * journal or settings file written before the guard knew every separator and digit form may
 * still hold one. Identifiers (order id, RRN, authorisation code) are printed as the gateway
 * sent them: masking them by chance would break reconciliation.
 */
export function guardReceiptText(
  result: AttemptResult,
  header: Settings['receiptHeader'],
): { result: AttemptResult; header: Settings['receiptHeader'] } {
  const failure = result.failure && {
    ...result.failure,
    gatewayCode: result.failure.gatewayCode && maskCardNumbers(result.failure.gatewayCode),
    gatewayMessage: result.failure.gatewayMessage && maskCardNumbers(result.failure.gatewayMessage),
  };
  return {
    result: {
      ...result,
      merchantReferenceId: maskCardNumbers(result.merchantReferenceId),
      card: { ...result.card, holderName: maskCardNumbers(result.card.holderName) },
      failure,
    },
    header: {
      merchantName: maskCardNumbers(header.merchantName),
      address: maskCardNumbers(header.address),
      vatNumber: maskCardNumbers(header.vatNumber),
    },
  };
}
