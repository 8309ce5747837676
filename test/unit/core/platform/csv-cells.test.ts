import { describe, expect, it } from 'vitest';
import { csvCell, csvLine } from '../../../../main/core/platform/csv-cells';
import { attemptStatusSchema, brandSchema, currencySchema } from '../../../../shared/ipc';

describe('csvCell', () => {
  it.each([
    ['plain', 'plain'],
    ['', ''],
    [null, ''],
    [1234, '1234'],
    ['12.50', '12.50'],
    ['a,b', '"a,b"'],
    ['say "hi"', '"say ""hi"""'],
    ['two\nlines', '"two\nlines"'],
    ['carriage\rreturn', '"carriage\rreturn"'],
    ['=1+2', "'=1+2"],
    ['+966500000000', "'+966500000000"],
    ['-5', "'-5"],
    ['@SUM(A1)', "'@SUM(A1)"],
    ['\tcmd', `"'\tcmd"`],
    ['x;=1+1', `"x;'=1+1"`],
    ['x\t=1+1', `"x\t'=1+1"`],
    ['x;1', '"x;1"'],
    ['a;"=1"', `"a;'""=1"""`],
    ['\rcmd', `"'\rcmd"`],
    ['=HYPERLINK("http://x","y")', `"'=HYPERLINK(""http://x"",""y"")"`],
    ['a=b', 'a=b'],
    ['مرحبا', 'مرحبا'],
  ])('%j becomes %j', (value, cell) => {
    expect(csvCell(value)).toBe(cell);
  });
});

describe('csvLine', () => {
  it('joins cells with commas and ends in CRLF', () => {
    expect(csvLine(['a', null, 'b,c', 3])).toBe('a,,"b,c",3\r\n');
  });
});

// The history export writes these values without the guard (csv-export.ts `lineOf`): a new
// status, currency or brand that the guard would change must fail here, not reach a file.
describe('the row enums the export writes as they are', () => {
  const values = [
    ...attemptStatusSchema.options,
    ...currencySchema.options,
    ...brandSchema.options,
  ];
  it.each(values)('%s is its own CSV cell', (value) => {
    expect(csvCell(value)).toBe(value);
  });
});
