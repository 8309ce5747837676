import { randomBytes } from 'node:crypto';
import { codeFields, gatewayCodes, type GatewayCode } from './codes';
import type { GatewayReply } from './reply';

/** One refused field: its JSON path (`paymentMethod.cardNumber`), rule and message. */
export interface FieldError {
  readonly field: string;
  readonly code: GatewayCode;
  readonly message: string;
}

// RFC 9110 section and title per status, as ASP.NET's problem details name them.
const statusTexts: Record<number, readonly [string, string]> = {
  400: ['15.5.1', 'One or more validation errors occurred.'],
  401: ['15.5.2', 'Unauthorized'],
  404: ['15.5.5', 'Not Found'],
  405: ['15.5.6', 'Method Not Allowed'],
  413: ['15.5.14', 'Content Too Large'],
  415: ['15.5.16', 'Unsupported Media Type'],
  421: ['15.5.20', 'Misdirected Request'],
  500: ['15.6.1', 'An error occurred while processing your request.'],
  502: ['15.6.3', 'Bad Gateway'],
  503: ['15.6.4', 'Service Unavailable'],
  504: ['15.6.5', 'Gateway Timeout'],
};

/** W3C trace-context id, as ASP.NET puts in `traceId`; the trace part is the correlation id. */
const traceId = (correlationId: string): string =>
  `00-${correlationId.replace(/-/g, '')}-${randomBytes(8).toString('hex')}-00`;

/**
 * A 4xx/5xx problem-details body (RFC 9457 as ASP.NET writes it) with per-field `errors`,
 * plus the sandbox's four code fields so a client can show a code either way.
 */
export const problemReply = (
  entry: GatewayCode,
  correlationId: string,
  errors: Record<string, string[]> = {},
): GatewayReply => {
  const [section, title] = statusTexts[entry.httpStatus] ?? ['15.5.1', 'Bad Request'];
  return {
    status: entry.httpStatus,
    contentType: 'application/problem+json; charset=utf-8',
    body: {
      type: `https://tools.ietf.org/html/rfc9110#section-${section}`,
      title,
      status: entry.httpStatus,
      traceId: traceId(correlationId),
      errors,
      ...codeFields(entry),
    },
  };
};

/**
 * The refusal for bad fields, or null when there are none. The first error's rule names the
 * whole answer; every field's messages are listed.
 */
export const fieldsProblem = (
  fieldErrors: readonly FieldError[],
  correlationId: string,
): GatewayReply | null => {
  const [first] = fieldErrors;
  if (!first) return null;
  const errors: Record<string, string[]> = {};
  for (const { field, message } of fieldErrors) (errors[field] ??= []).push(message);
  return problemReply(first.code, correlationId, errors);
};

/** The refusal for a schema failure, which always names at least one field. */
export const refusal = (fieldErrors: readonly FieldError[], correlationId: string): GatewayReply =>
  fieldsProblem(fieldErrors, correlationId) ??
  problemReply(gatewayCodes.invalidFields, correlationId);
