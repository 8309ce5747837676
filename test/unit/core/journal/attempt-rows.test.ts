import { describe, expect, it } from 'vitest';
import { ZodError } from 'zod';
import {
  parseSummaryArray,
  parseSummaryRow,
  summaryColumns,
} from '../../../../main/core/journal/attempt-rows';

const row = {
  attempt_id: '00000000-0000-4000-8000-000000000001',
  created_at: 1_767_225_600_123,
  merchant_reference_id: 'INV-1',
  order_id: null,
  amount_minor: 12_345,
  currency: 'SAR',
  brand: 'visa',
  first6: '411111',
  last4: '1111',
  card_length: 16,
  holder_name: 'SARA HASSAN',
  status: 'paid',
  refunded_minor: 0,
  failure_code: null,
  gateway_code: '000',
  correlation_id: null,
  operator_id: 'op-1',
  held_at: null,
};
/** The row as SQLite hands it over with `setReturnArrays`: the selected columns in order. */
const cells = () => summaryColumns.split(', ').map((name) => row[name as keyof typeof row]);

describe('summary rows read as arrays', () => {
  it('give what the same row read with named keys gives', () => {
    expect(parseSummaryArray(cells())).toEqual(parseSummaryRow(row));
  });

  it.each([
    ['a status the app does not know', 11, 'captured-twice'],
    ['a fractional amount', 4, 12.5],
    ['a missing reference', 2, null],
    ['an amount beyond safe integers', 4, 2 ** 53],
    ['a brand the app does not know', 6, 'diners'],
  ])('refuse %s, the schema naming the cell', (_what, index, value) => {
    const bad = cells();
    bad[index] = value as never;
    const error = (() => {
      try {
        parseSummaryArray(bad);
      } catch (thrown) {
        return thrown;
      }
      return null;
    })();
    expect(error).toBeInstanceOf(ZodError);
    expect((error as ZodError).issues[0]?.path).toEqual([index]);
  });

  it('refuse a row with a cell more or less', () => {
    expect(() => parseSummaryArray([...cells(), 'extra'])).toThrow(ZodError);
    expect(() => parseSummaryArray(cells().slice(1))).toThrow(ZodError);
  });
});
