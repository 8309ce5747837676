/**
 * CSV text per RFC 4180, made safe for spreadsheets. A cell a spreadsheet would read as a
 * formula (=, +, -, @, and tab or carriage return, which some apps strip before looking)
 * gets a leading apostrophe: a merchant reference typed as `=HYPERLINK(…)` must arrive in
 * Excel as text, not run.
 *
 * Excel in much of the Arab world and Europe splits on `;`, not `,` (and a paste splits on
 * tab), and counts a quote only at the start of a field: there, `"x;=1+1"` is two fields,
 * the second `=1+1"`. So the same guard applies after every `;`, tab or line break inside a
 * cell (where such a reader starts a new field), also before a quote, which would open that
 * field quoted around a formula. Then quoting: cells with a comma, semicolon, tab, quote or
 * line break are quoted, quotes doubled.
 */

const formulaStart = /^[=+\-@\t\r]/;
const innerFieldStart = /([;\t\r\n])(?=[=+\-@\t\r"])/g;
const needsQuotes = /[",;\t\r\n]/;
/** Any of the above: a cell that matches neither is written as it is. */
const needsWork = /^[=+\-@]|[",;\t\r\n]/;

export function csvCell(value: string | number | null): string {
  if (value === null) return '';
  // A number we wrote (a count, a signed amount) is a value, not a formula: `-12.5` must stay
  // a number for the accountant's sum.
  if (typeof value === 'number') return String(value);
  const text = value;
  // Most cells (ids, amounts, dates, names) hold none of the characters below: they are
  // written as they are, without the replace and its copy (a large export is mostly these).
  if (!needsWork.test(text)) return text;
  const guarded = (formulaStart.test(text) ? `'${text}` : text).replace(innerFieldStart, "$1'");
  return needsQuotes.test(guarded) ? `"${guarded.replace(/"/g, '""')}"` : guarded;
}

/** One record, CRLF-terminated as RFC 4180 says. */
export const csvLine = (cells: readonly (string | number | null)[]): string =>
  `${cells.map(csvCell).join(',')}\r\n`;
