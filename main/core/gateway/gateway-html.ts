const namedEntities: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
};

const decodeEntities = (text: string): string =>
  text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, name: string) => {
    if (name[0] === '#') {
      const hex = name[1] === 'x' || name[1] === 'X';
      const point = parseInt(name.slice(hex ? 2 : 1), hex ? 16 : 10);
      return Number.isFinite(point) && point <= 0x10ffff ? String.fromCodePoint(point) : whole;
    }
    return namedEntities[name.toLowerCase()] ?? whole;
  });

const decodeJsonEscapes = (text: string): string =>
  text.replace(/\\(u[0-9a-fA-F]{4}|["\\/])/g, (_whole, escape: string) =>
    escape.length === 5 ? String.fromCharCode(parseInt(escape.slice(1), 16)) : escape,
  );

/**
 * The runnable HTML of a gateway snippet (`redirectHtml`, `htmlBodyContent`).
 *
 * The gateway is an ASP.NET service: its JSON writer escapes HTML-sensitive characters in
 * every string (`<` as `\u003C`, `"` as `\u0022`, `&` as `\u0026`, `'` and `+` too). That
 * is the "escaped HTML" the seed speaks of, and JSON.parse already undoes it; the official
 * SDKs load the parsed string into a web view as it is. What this function adds is
 * tolerance for a second layer that a proxy or a double-encoding front-end leaves behind:
 * literal JSON escapes (`\u003Cform`, `\"`) or HTML entities (`&lt;form`). Raw HTML comes
 * back unchanged (entities inside it are the page's own and are kept).
 */
export const unescapeGatewayHtml = (snippet: string): string => {
  let html = snippet.trim();
  if (/\\u00[0-9a-fA-F]{2}|\\"/.test(html) && !html.includes('<')) html = decodeJsonEscapes(html);
  if (!html.includes('<') && /&(lt|#0*60|#x0*3c);/i.test(html)) html = decodeEntities(html);
  return html;
};
