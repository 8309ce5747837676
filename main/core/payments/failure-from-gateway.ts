import type { Failure } from '../../../shared/ipc';
import {
  correlationIdOf,
  displayCode,
  displayMessage,
  networkBlockKind,
  type GatewayError,
} from '../gateway/gateway-error';
import { maskSensitiveText } from '../logging/redact';
import type { PaymentFailureCode } from '../../../shared/failures/payment-failures';

const clip = (text: string | null, max: number) =>
  text === null ? null : maskSensitiveText(text).slice(0, max);

/**
 * A failure in the contract's shape. Gateway words are masked before they are stored or
 * shown: a gateway could echo a card number back in a message.
 */
export function failureOf(
  code: PaymentFailureCode,
  gatewayCode: string | null = null,
  gatewayMessage: string | null = null,
  correlationId: string | null = null,
): Failure {
  return {
    code,
    gatewayCode: clip(gatewayCode, 64),
    gatewayMessage: clip(gatewayMessage, 500),
    correlationId: clip(correlationId, 128),
  };
}

function httpCode(status: number): PaymentFailureCode {
  if (status === 401 || status === 403) return 'gateway-credentials-rejected';
  return status >= 500 ? 'gateway-server-error' : 'gateway-request-invalid';
}

/** Problem details as one line: the title, then each field with its messages. */
function problemText(title: string | null, fieldErrors: Record<string, string[]>): string | null {
  const fields = Object.entries(fieldErrors).map(
    ([field, messages]) => `${field}: ${messages.join(' ')}`,
  );
  const parts = [title, ...fields].filter((part): part is string => Boolean(part));
  return parts.length > 0 ? parts.join('; ') : null;
}

/**
 * What the operator sees for a gateway error. `refusedAs` names a refusal (HTTP 200, code
 * other than 000) at the step that got it: a decline at Pay, a refusal elsewhere.
 */
export function failureFromGatewayError(
  error: GatewayError,
  refusedAs: PaymentFailureCode,
): Failure {
  const correlationId = correlationIdOf(error);
  switch (error.kind) {
    case 'network': {
      const blocked = networkBlockKind(error.detail);
      const code =
        blocked === 'certificate'
          ? 'gateway-certificate-untrusted'
          : blocked === 'proxy'
            ? 'gateway-proxy-refused'
            : 'gateway-unreachable';
      return failureOf(code, null, error.detail);
    }
    case 'timeout':
      return failureOf('gateway-timeout', null, `no ${error.phase} within the time limit`);
    case 'aborted':
      return failureOf('cancelled-by-operator');
    case 'invalid-response':
      return failureOf(
        'gateway-invalid-response',
        `HTTP ${error.status}`,
        error.issue,
        correlationId,
      );
    case 'refused':
      return failureOf(
        refusedAs,
        displayCode(error.codes),
        displayMessage(error.codes),
        correlationId,
      );
    case 'http':
      return failureOf(
        httpCode(error.status),
        error.codes ? displayCode(error.codes) : `HTTP ${error.status}`,
        problemText(error.title, error.fieldErrors) ??
          (error.codes ? displayMessage(error.codes) : null),
        correlationId,
      );
  }
}
