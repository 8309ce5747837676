import { Writable } from 'node:stream';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { exportCsv } from '../../../main/core/journal/csv-export';
import { openDatabase } from '../../../main/core/platform/open-database';
import { newAttempt, tempJournal } from './temp-journal';

/**
 * The export read as a spreadsheet in a `;` locale (much of the Arab world
 * and Europe) or pasted (tab), where a quote counts only at the start of a field.
 */

const formulaChars = ['=', '+', '-', '@', '\t', '\r'];

/** Hostile cells: a formula after every separator a spreadsheet may split on. */
const hostile = [
  'x;=1+1',
  'x;+1',
  'x;-1',
  'x;@SUM(A1)',
  'x\t=1+1',
  'x;\t=1',
  'x;\r=1',
  'x\t\t=1',
  'a;"=1+1"',
  'a;;=1',
  '=HYPERLINK("http://x";"y")',
  ';=1',
  '\t=1',
  'x\n=1',
  'x,=1',
];

/** Splits one line on `sep`; a quote opens a quoted field only at the field's start. */
function fieldsOf(line: string, sep: string): string[] {
  const fields: string[] = [];
  let i = 0;
  while (i <= line.length) {
    let value = '';
    if (line[i] === '"') {
      i += 1;
      while (i < line.length && !(line[i] === '"' && line[i + 1] !== '"')) {
        value += line[i];
        i += line[i] === '"' ? 2 : 1;
      }
      i += 1;
    }
    const end = line.indexOf(sep, i);
    value += line.slice(i, end < 0 ? line.length : end);
    fields.push(value);
    if (end < 0) break;
    i = end + 1;
  }
  return fields;
}

let t: ReturnType<typeof tempJournal>;
beforeEach(() => {
  t = tempJournal();
});
afterEach(() => t.remove());

describe('CSV export read by a spreadsheet that splits on ; or tab', () => {
  it('has no field that starts a formula, however the cells were typed', async () => {
    for (const text of hostile) {
      const attempt = newAttempt({ merchantReferenceId: text.slice(0, 64), holderName: text });
      t.journal.createAttempt(attempt, { step: 'created', outcome: 'ok' });
      t.journal.transition(
        attempt.attemptId,
        {
          status: 'declined',
          failure: {
            code: 'card-declined',
            gatewayCode: text,
            gatewayMessage: text,
            correlationId: null,
          },
        },
        { step: 'pay', outcome: 'declined' },
      );
    }
    let csv = '';
    const out = new Writable({
      decodeStrings: false,
      write(chunk: string, _encoding, done) {
        csv += chunk;
        done();
      },
    });
    // As the reader thread runs it: its own read-only connection to the file.
    const db = openDatabase(t.path, { readOnly: true });
    try {
      expect(await exportCsv(db, {}, out)).toEqual({ rows: hostile.length, cancelled: false });
    } finally {
      db.close();
    }

    const lines = csv.replace(/^\uFEFF/, '').split(/\r\n|\n|\r/);
    expect(lines.length).toBeGreaterThan(hostile.length);
    const offending: string[] = [];
    for (const sep of [';', '\t', ',']) {
      for (const line of lines) {
        for (const field of fieldsOf(line, sep)) {
          if (formulaChars.includes(field[0] ?? '')) offending.push(JSON.stringify([sep, field]));
        }
      }
    }
    expect(offending).toEqual([]);
    // The hostile text is still all there for the merchant to read, behind the apostrophes.
    expect(csv).toContain(`"x;'=1+1"`);
  });

  it('the check itself finds a formula field in the unguarded form (it can fail)', () => {
    expect(fieldsOf('a,"x;=1+1",b', ';')).toEqual(['a,"x', '=1+1",b']);
    expect(fieldsOf('"a;b";=c', ';')).toEqual(['a;b', '=c']);
    expect(fieldsOf('a\t"=x"', '\t')).toEqual(['a', '=x']);
  });
});
