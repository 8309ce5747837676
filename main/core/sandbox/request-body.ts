import type { IncomingMessage } from 'node:http';
import { err, ok, type Result } from '../../../shared/result';
import type { GatewayCodeName } from './codes';

const maxBodyBytes = 64 * 1024;

export type BodyError = Extract<
  GatewayCodeName,
  'unsupportedMediaType' | 'bodyTooLarge' | 'malformedJson'
>;

const isJsonMediaType = (header: string | undefined): boolean =>
  (header ?? '').split(';')[0]?.trim().toLowerCase() === 'application/json';

/** The raw body, or null past the size limit (the rest is drained, not kept). */
export const readBody = async (request: IncomingMessage): Promise<Buffer | null> => {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size <= maxBodyBytes) chunks.push(chunk);
  }
  return size > maxBodyBytes ? null : Buffer.concat(chunks);
};

/**
 * The gateway ignores unknown fields and treats `null` as absent (GATEWAY.md, "What the
 * gateway tolerates"): nulls are dropped here, so the schemas only describe what matters.
 * Property names are matched to the schema's case-insensitively when parsed
 * (rules/schema-fields.ts), which also reads the `cardHolderName` some clients send.
 */
export const normaliseBody = (value: unknown): unknown => {
  if (Array.isArray(value)) return value.map(normaliseBody);
  if (value === null || typeof value !== 'object') return value;
  const result: Record<string, unknown> = {};
  for (const [key, entry] of Object.entries(value)) {
    // `__proto__` is never a gateway field, and assigning it would replace the prototype.
    if (entry !== null && key !== '__proto__') result[key] = normaliseBody(entry);
  }
  return result;
};

/** A JSON request body: Content-Type application/json (415), size (413), syntax (400). */
export const readJsonBody = async (
  request: IncomingMessage,
): Promise<Result<unknown, BodyError>> => {
  if (!isJsonMediaType(request.headers['content-type'])) {
    request.resume();
    return err('unsupportedMediaType');
  }
  const raw = await readBody(request);
  if (raw === null) return err('bodyTooLarge');
  try {
    return ok(normaliseBody(JSON.parse(raw.toString('utf8'))));
  } catch {
    return err('malformedJson');
  }
};
