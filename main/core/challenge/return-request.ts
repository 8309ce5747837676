import { matchReturnUrl } from './return-match';
/** What a browser sent when a 3-D Secure page left for the returnUrl (DESIGN.md §3, step 5). */
export interface ReturnRequest {
  url: string;
  method: string;
  /** Null where the transport does not expose headers (Electron's onBeforeRequest). */
  contentType: string | null;
  /** POST body bytes; null for GET or when the transport has none. */
  body: Uint8Array | null;
}

/** The returnUrl's verdict: the gateway appends `code` and `msg` (seed §4.1, item 3). */
export interface ReturnVerdict {
  code: string;
  msg: string;
}

// The page that posts to the returnUrl is the issuer's, i.e. untrusted: bound what we read.
const maxBodyBytes = 64 * 1024;
const maxCodeLength = 64;
const maxMessageLength = 500;

type Fields = (name: string) => string | null;

const noFields: Fields = () => null;

const fromSearchParams =
  (params: URLSearchParams): Fields =>
  (name) =>
    params.get(name);

function fromJson(text: string): Fields {
  try {
    const value: unknown = JSON.parse(text);
    if (typeof value !== 'object' || value === null || Array.isArray(value)) return noFields;
    const record = value as Record<string, unknown>;
    return (name) => {
      const field = Object.hasOwn(record, name) ? record[name] : undefined;
      return typeof field === 'string' ? field : null;
    };
  } catch {
    return noFields;
  }
}

/** The `name="…"` parts of a multipart/form-data body (files are ignored). */
function fromMultipart(text: string, boundary: string): Fields {
  const parts = new Map<string, string>();
  for (const part of text.split(`--${boundary}`)) {
    const split = part.indexOf('\r\n\r\n');
    if (split < 0) continue;
    const headers = part.slice(0, split);
    const name = /content-disposition:[^\r\n]*;\s*name="([^"]*)"/i.exec(headers)?.[1];
    if (name === undefined || /filename=/i.test(headers) || parts.has(name)) continue;
    parts.set(name, part.slice(split + 4).replace(/\r\n$/, ''));
  }
  return (name) => parts.get(name) ?? null;
}

/** `enctype="text/plain"` forms send `name=value` lines, unescaped. */
function fromPlainText(text: string): Fields {
  const lines = text.split(/\r?\n/);
  return (name) => {
    const line = lines.find((l) => l.startsWith(`${name}=`));
    return line === undefined ? null : line.slice(name.length + 1);
  };
}

const boundaryOf = (contentType: string): string | null =>
  /boundary=(?:"([^"]+)"|([^;\s]+))/i.exec(contentType)?.slice(1).find(Boolean) ?? null;

/**
 * Reads a POST body by its content type; without one (Electron's onBeforeRequest gives no
 * headers) the shape is sniffed: a leading `--boundary` line is multipart, a leading `{` is
 * JSON, anything else a urlencoded form, which is what an HTML form posts by default.
 */
function bodyFields(body: Uint8Array, contentType: string | null): Fields {
  if (body.byteLength === 0 || body.byteLength > maxBodyBytes) return noFields;
  const text = new TextDecoder('utf-8').decode(body);
  const type = contentType?.split(';')[0]?.trim().toLowerCase() ?? null;
  const sniffedBoundary = /^--([^\r\n]+)\r\n/.exec(text)?.[1] ?? null;
  if (type === 'multipart/form-data' || (type === null && sniffedBoundary)) {
    const boundary = (contentType && boundaryOf(contentType)) ?? sniffedBoundary;
    return boundary ? fromMultipart(text, boundary) : noFields;
  }
  if (type === 'application/json' || (type === null && text.trimStart().startsWith('{'))) {
    return fromJson(text);
  }
  if (type === 'text/plain') return fromPlainText(text);
  return fromSearchParams(new URLSearchParams(text));
}

/**
 * True when `url` is this attempt's returnUrl: the same host compared canonically, the same
 * scheme and port, no userinfo, and the same path (a trailing slash tolerated), whatever the
 * query. A prefix match alone would let `/3ds/<id>x` pass. See return-catch.ts.
 */
export const isReturnUrl = (url: string, returnUrl: string): boolean =>
  matchReturnUrl(url, returnUrl) === 'return';

/**
 * The verdict carried by a request to the returnUrl, from its query (GET, or a POST to a URL
 * that already carries them) or its body (POST as urlencoded form, multipart, JSON or plain
 * text). Null when the request is not for this returnUrl. A request that is, but carries no
 * `code`, yields an empty code: the customer did leave the challenge, and an empty code is
 * never mistaken for success (`000`).
 */
export function parseChallengeReturn(
  request: ReturnRequest,
  returnUrl: string,
): ReturnVerdict | null {
  if (!isReturnUrl(request.url, returnUrl)) return null;
  const query = fromSearchParams(new URL(request.url).searchParams);
  const body =
    request.method.toUpperCase() === 'POST' && request.body
      ? bodyFields(request.body, request.contentType)
      : noFields;
  // The body wins over the query for a POST: it is what the issuer chain just submitted.
  const read = (name: string) => body(name) ?? query(name) ?? '';
  return {
    code: read('code').trim().slice(0, maxCodeLength),
    msg: read('msg').trim().slice(0, maxMessageLength),
  };
}
