import { codeFields, type GatewayCode } from './codes';

/** What an operation answers; the server writes it as the gateway's JSON. */
export interface GatewayReply {
  readonly status: number;
  readonly body: Record<string, unknown>;
  readonly contentType: string;
}

const jsonType = 'application/json; charset=utf-8';

/**
 * A gateway answer: the operation's fields plus the four codes and `language`. Refusals
 * that are business outcomes use this too, with HTTP 200 and a non-000 code.
 */
export const gatewayReply = (
  entry: GatewayCode,
  language: string,
  fields: Record<string, unknown> = {},
): GatewayReply => ({
  status: entry.httpStatus,
  body: { ...fields, ...codeFields(entry), language },
  contentType: jsonType,
});
