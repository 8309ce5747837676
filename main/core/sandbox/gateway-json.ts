/**
 * JSON text as the gateway's ASP.NET writer produces it: HTML-sensitive characters inside
 * strings are written as \u escapes (System.Text.Json's default encoder), which is why its
 * documentation calls the snippets "escaped HTML". These characters never occur in JSON's
 * own syntax, so replacing them in the whole text touches string contents only.
 */
export const encodeGatewayJson = (value: unknown): string =>
  JSON.stringify(value).replace(
    /[<>&'+]/g,
    (c) => `\\u${c.charCodeAt(0).toString(16).toUpperCase().padStart(4, '0')}`,
  );
