import { cvvLengths } from '../../../shared/card/brand';
import { currencyExponent } from '../../../shared/money/amount';
import type { SaleField, SaleFormCheck, SaleFormValues } from './sale-form-check';

/** Where the cursor goes when a field is complete; the currency is skipped on purpose. */
const nextField: Partial<Record<SaleField, SaleField>> = {
  amount: 'cardNumber',
  cardNumber: 'expiry',
  expiry: 'cvv',
  cvv: 'holderName',
};

/**
 * Whether typing has finished `field`: it is valid and nothing more can follow. The amount
 * is finished once it has all of its currency's decimals (never for a currency without
 * any: 12 could become 120); the card number at its brand's length (one length per brand);
 * the expiry as MM/YY; the CVV only when the brand allows one length.
 */
function isComplete(field: SaleField, values: SaleFormValues, check: SaleFormCheck): boolean {
  if (check.errors[field]) return false;
  switch (field) {
    case 'amount': {
      const decimals = currencyExponent(values.currency);
      return decimals > 0 && new RegExp(`\\.\\d{${decimals}}$`).test(values.amount.trim());
    }
    case 'cardNumber':
      return true;
    case 'expiry':
      return /^\d{2}\/\d{2}$/.test(values.expiry.trim());
    case 'cvv':
      return cvvLengths(check.brand).length === 1;
    default:
      return false;
  }
}

export interface FormSnapshot {
  values: SaleFormValues;
  check: SaleFormCheck;
}

/**
 * The field to move to after the operator changed `field` (the one with focus), or null to
 * stay. Only the change that completes the field moves on: editing an already complete
 * field keeps the cursor there.
 */
export function advanceAfter(
  field: SaleField,
  before: FormSnapshot,
  after: FormSnapshot,
): SaleField | null {
  const next = nextField[field];
  if (!next || before.values[field] === after.values[field]) return null;
  if (isComplete(field, before.values, before.check)) return null;
  return isComplete(field, after.values, after.check) ? next : null;
}
