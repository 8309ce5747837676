/**
 * CSV text per RFC 4180, made safe for spreadsheets. A cell a spreadsheet would read as a
 * formula (=, +, -, @, and tab or carriage return, which some apps strip before looking)
 * gets a leading apostrophe: a merchant reference typed as `=HYPERLINK(…)` must arrive in
 * Excel as text, not run. Quoting follows: cells with a comma, semicolon, tab, quote or line
 * break are quoted, quotes doubled. The semicolon and tab matter because Excel in much of the
 * Arab world and Europe splits on `;` (and a paste splits on tab): unquoted, `x;=1+1` would
 * become a second cell that starts with `=`.
 */

const formulaStart = /^[=+\-@\t\r]/;
const needsQuotes = /[",;\t\r\n]/;

export function csvCell(value: string | number | null): string {
  if (value === null) return '';
  const text = typeof value === 'number' ? String(value) : value;
  const guarded = formulaStart.test(text) ? `'${text}` : text;
  return needsQuotes.test(guarded) ? `"${guarded.replace(/"/g, '""')}"` : guarded;
}

/** One record, CRLF-terminated as RFC 4180 says. */
export const csvLine = (cells: readonly (string | number | null)[]): string =>
  `${cells.map(csvCell).join(',')}\r\n`;
