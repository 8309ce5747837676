import { describe, expect, it } from 'vitest';
import {
  amountNumber,
  majorUnitsText,
  minorUnitsOf,
  signatureAmountOf,
} from '../../../../main/core/sandbox/rules/amount-rules';
import {
  brandOf,
  cvvLengthFits,
  expiryStillValid,
  maskedNumber,
  passesLuhn,
} from '../../../../main/core/sandbox/rules/card-facts';
import { checkCard, checkCardNumber } from '../../../../main/core/sandbox/rules/card-rules';
import { checkCustomerPhone } from '../../../../main/core/sandbox/rules/customer-phone';
import { exactDecimalOf } from '../../../../main/core/sandbox/rules/gateway-number';
import { testCards } from '../../../../main/core/sandbox/test-cards';
import { brandRules } from '../../../../shared/card/brand-prefixes';
import { detectBrand } from '../../../../shared/card/brand';
import { validateCvv } from '../../../../shared/card/cvv';
import { parseExpiry } from '../../../../shared/card/expiry';
import { maskCardNumber } from '../../../../shared/card/format';
import { validateCardNumber } from '../../../../shared/card/number';
import { minorFromGatewayAmount } from '../../../../shared/money/amount';
import { currencies } from '../../../../shared/money/currencies';
import { signatureAmountText } from '../../../../shared/money/signature-amount';
import { validateCustomerPhone } from '../../../../shared/phone';
import { completeWithLuhn } from '../../shared/card/luhn-complete';
import { gatewayMadaPrefixes, gatewayTestCards } from '../../shared/card/gateway-cards';

// DESIGN.md §8: the sandbox is an oracle, so it checks cards, amounts and the signature text
// with rules of its own (main/core/sandbox/rules), not the app's. Two kinds of test pin them:
// the app's own tables (test/unit/shared), row for row as the wire carries them, and an
// agreement sweep in which the app's rules and the sandbox's must give the same verdict. A
// bug in one side then shows as a disagreement instead of passing on both.

const exact = (value: number | string) => {
  const decimal = exactDecimalOf(String(value));
  if (!decimal) throw new Error(`not a number: ${value}`);
  return decimal;
};

describe('card number: the app table (test/unit/shared/card/number.test.ts)', () => {
  const mada = completeWithLuhn('588845', 16, '1');

  it.each([
    ['5123450000000008', 'mastercard'],
    ['4440000042200014', 'visa'],
    ['378282246310005', 'amex'],
    [mada, 'mada'],
    ['6011111111111117', null],
  ])('accepts %s (%s)', (digits, brand) => {
    expect(checkCardNumber(digits, 'cardNumber')).toEqual({ ok: true, value: { digits, brand } });
  });

  it.each([
    // Separators and other characters: the wire carries digits only (seed §2.2).
    ['5123 4500 0000 0008', '100.003'],
    ['5123.4500.0000.0008', '100.003'],
    ['5123450000000O08', '100.003'],
    ['١٢٣٤٥٦٧٨٩٠١٢٣٤٥٦', '100.003'],
    ['', '100.003'],
    ['5123450000000007', '100.006'],
    [completeWithLuhn('4111', 15), '100.005'],
    [completeWithLuhn('37', 16), '100.005'],
    [completeWithLuhn('588845', 15), '100.005'],
    [completeWithLuhn('6011', 15), '100.005'],
    [completeWithLuhn('6011', 19), '100.005'],
    ['4', '100.005'],
    ['411111111111112', '100.005'],
  ])('refuses %j with %s', (digits, code) => {
    const checked = checkCardNumber(digits, 'cardNumber');
    expect(checked.ok ? null : checked.error.code.detailedResponseCode).toBe(code);
  });

  it.each([
    ['5123450000000008', true],
    ['5123450000000007', false],
    ['4111111111111111', true],
    ['4111111111111112', false],
    ['378282246310005', true],
    ['0', true],
    ['', false],
  ])('Luhn %j → %s', (digits, valid) => {
    expect(passesLuhn(digits)).toBe(valid);
  });

  it('Luhn catches every single wrong digit of a test card', () => {
    const card = '4440000042200014';
    for (let i = 0; i < card.length; i += 1) {
      for (let d = 0; d <= 9; d += 1) {
        const changed = card.slice(0, i) + String(d) + card.slice(i + 1);
        expect(passesLuhn(changed), changed).toBe(changed === card);
      }
    }
  });

  it.each([...gatewayTestCards, ...testCards.map((card) => card.number)])(
    'accepts test card %s with the brand the sandbox lists',
    (digits) => {
      const checked = checkCardNumber(digits, 'cardNumber');
      expect(checked.ok).toBe(true);
      const listed = testCards.find((card) => card.number === digits);
      if (listed && checked.ok) expect(checked.value.brand).toBe(listed.brand);
    },
  );

  it.each(gatewayMadaPrefixes)('mada prefix %s from GATEWAY.md is mada', (prefix) => {
    expect(brandOf(completeWithLuhn(prefix, 16))).toBe('mada');
  });

  it.each([
    ['4111111111111111', 'visa'],
    ['5012345678901234', null],
    ['5017791234567890', 'visa'],
    ['5078031234567890', 'meeza'],
    ['2221001234567890', 'mastercard'],
    ['2720991234567890', 'mastercard'],
    ['2721001234567890', null],
    ['5599001234567890', 'mastercard'],
    ['3412345678901234', 'amex'],
    ['9682001234567890', 'mada'],
  ])('brand of %s is %s (precedence: mada, meeza, visa, amex, mastercard)', (digits, brand) => {
    expect(brandOf(digits)).toBe(brand);
  });
});

describe('CVV: the app table (cvv.test.ts), as the wire carries it', () => {
  it.each([
    ['123', 'visa', true],
    ['000', 'mastercard', true],
    ['1234', 'amex', true],
    ['123', null, true],
    ['1234', null, true],
    ['123', 'amex', false],
    ['1234', 'visa', false],
    ['1234', 'mada', false],
    ['12', 'meeza', false],
    ['12', null, false],
    ['12345', null, false],
  ] as const)('%j for %s → %s', (cvv, brand, fits) => {
    expect(cvvLengthFits(cvv, brand)).toBe(fits);
  });

  it.each([' 123 ', '12a', '1 23', '-12', ''])('refuses %j as not digits (100.003)', (cvv) => {
    const checked = checkCard(
      {
        cardNumber: '4440000042200014',
        cardholderName: 'Test',
        cvv,
        expiryDate: { month: '01', year: '39' },
      },
      new Date(2030, 5, 15),
    );
    expect(checked.ok ? [] : checked.error.map((e) => e.code.detailedResponseCode)).toEqual([
      '100.003',
    ]);
  });
});

describe('expiry: the app table (expiry.test.ts), month and year as sent', () => {
  const now = new Date(2030, 5, 15, 12, 0, 0);
  const card = (month: string | number, year: string | number) =>
    checkCard(
      {
        cardNumber: '4440000042200014',
        cardholderName: 'T',
        cvv: '123',
        expiryDate: { month, year },
      },
      now,
    );
  const codeOf = (checked: ReturnType<typeof card>) =>
    checked.ok ? '000' : checked.error.map((e) => e.code.detailedResponseCode).join(',');

  it.each([
    ['07', '39', '000'],
    ['12', '30', '000'],
    ['06', '30', '000'],
    ['01', '99', '000'],
    [7, 39, '000'],
    ['7', '39', '100.008'],
    ['07', '2039', '100.008'],
    ['ab', 'cd', '100.008'],
    ['13', '30', '100.008'],
    ['00', '30', '100.008'],
    [7.5, 39, '100.008'],
    ['05', '30', '100.009'],
    ['12', '29', '100.009'],
    ['01', '00', '100.009'],
  ])('month %j year %j → %s', (month, year, code) => {
    expect(codeOf(card(month, year))).toBe(code);
  });

  it('a card is valid through the last moment of its month, local time', () => {
    expect(expiryStillValid(6, 30, new Date(2030, 5, 30, 23, 59, 59, 999))).toBe(true);
    expect(expiryStillValid(6, 30, new Date(2030, 6, 1, 0, 0, 0, 0))).toBe(false);
    expect(expiryStillValid(12, 30, new Date(2030, 11, 31, 23, 59))).toBe(true);
    expect(expiryStillValid(12, 30, new Date(2031, 0, 1, 0, 0))).toBe(false);
  });
});

describe('amounts and the signature text: the app tables (money/*.test.ts)', () => {
  it.each([
    [10, '10.00'],
    [10.5, '10.50'],
    [0.01, '0.01'],
    [1000, '1000.00'],
    [1234567.89, '1234567.89'],
    [12345.67, '12345.67'],
    [1.005, '1.01'],
    [2.675, '2.68'],
    [1.045, '1.05'],
    [0.995, '1.00'],
    [9.995, '10.00'],
    [999.995, '1000.00'],
    [10.005, '10.01'],
    [10.004, '10.00'],
    [0.001, '0.00'],
    [1e-7, '0.00'],
    [5e-3, '0.01'],
    [1e21, '1000000000000000000000.00'],
    [-1.005, '-1.01'],
    [-0.001, '0.00'],
    ['200.00', '200.00'],
    ['1.005', '1.01'],
  ])('signature amount of %j is %j', (amount, text) => {
    expect(signatureAmountOf(exact(amount))).toBe(text);
  });

  it.each([
    [125.5, 'SAR', 12550],
    ['200.00', 'SAR', 20000],
    ['200', 'JPY', 200],
    ['200.00', 'JPY', 200],
    [10.005, 'KWD', 10005],
    [0.01, 'SAR', 1],
    ['1e2', 'SAR', 10000],
  ] as const)('%j %s is %i minor units', (amount, currency, minor) => {
    expect(minorUnitsOf(exact(amount), currency)).toEqual({ ok: true, value: minor });
  });

  it.each([
    [0, 'SAR', 'not-positive'],
    [-5, 'SAR', 'not-positive'],
    [10.005, 'SAR', 'too-many-decimals'],
    [0.5, 'JPY', 'too-many-decimals'],
    [1e300, 'SAR', 'too-large'],
  ] as const)('%j %s is refused: %s', (amount, currency, problem) => {
    expect(minorUnitsOf(exact(amount), currency)).toEqual({ ok: false, error: problem });
  });

  it.each(['', '1,000', '1.', '.5', '+1', '0x10', '1e', 'NaN', ' 1', '1e999'])(
    '%j is not a gateway number',
    (text) => {
      expect(exactDecimalOf(text)).toBeNull();
    },
  );

  it.each([
    [12550, 'SAR', '125.50', 125.5],
    [10005, 'KWD', '10.005', 10.005],
    [500, 'JPY', '500', 500],
    [1, 'BHD', '0.001', 0.001],
  ] as const)('%i %s is written %j / %d', (minor, currency, text, number) => {
    expect(majorUnitsText(minor, currency)).toBe(text);
    expect(amountNumber(minor, currency)).toBe(number);
  });
});

// The app's verdict and the sandbox's over many inputs: any difference is a bug on one side.
describe('agreement with the app rules', () => {
  it('card numbers: every brand range, every length 12–19, Luhn right and wrong', () => {
    let compared = 0;
    for (const rule of brandRules) {
      const prefix = String(rule.from);
      for (let length = Math.max(12, prefix.length + 1); length <= 19; length += 1) {
        const valid = completeWithLuhn(prefix, length);
        const broken = valid.slice(0, -1) + String((Number(valid.at(-1)) + 1) % 10);
        for (const digits of [valid, broken]) {
          const app = validateCardNumber(digits);
          const own = checkCardNumber(digits, 'n');
          expect(own.ok, digits).toBe(app.ok);
          if (!app.ok && !own.ok) {
            const expected = app.error === 'card-number-luhn' ? '100.006' : '100.005';
            expect(own.error.code.detailedResponseCode, digits).toBe(expected);
          }
          expect(brandOf(digits), digits).toBe(detectBrand(digits));
          compared += 1;
        }
      }
    }
    expect(compared).toBeGreaterThan(1000);
  });

  it('CVV lengths for every brand and none', () => {
    for (const brand of ['mada', 'meeza', 'visa', 'amex', 'mastercard', null] as const) {
      for (const cvv of ['1', '12', '123', '1234', '12345']) {
        expect(cvvLengthFits(cvv, brand), `${cvv} ${brand}`).toBe(validateCvv(cvv, brand).ok);
      }
    }
  });

  it('expiry over every month of 3 years around each month turn of a year', () => {
    for (let monthOfNow = 0; monthOfNow < 12; monthOfNow += 1) {
      for (const now of [
        new Date(2031, monthOfNow, 1, 0, 0, 0, 0),
        new Date(2031, monthOfNow + 1, 0, 23, 59, 59, 999),
      ]) {
        for (let year = 30; year <= 32; year += 1) {
          for (let month = 1; month <= 12; month += 1) {
            const text = `${String(month).padStart(2, '0')}/${year}`;
            expect(expiryStillValid(month, year, now), `${text} at ${now.toString()}`).toBe(
              parseExpiry(text, now).ok,
            );
          }
        }
      }
    }
  });

  it('amounts in every currency: minor units and signature text', () => {
    for (const currency of currencies) {
      for (let minor = 1; minor < 3_000_000; minor = minor * 3 + 7) {
        for (const amount of [minor / 100, minor / 1000, minor, minor / 10]) {
          const app = minorFromGatewayAmount(amount, currency);
          const own = minorUnitsOf(exact(amount), currency);
          expect(own.ok, `${amount} ${currency}`).toBe(app.ok);
          if (app.ok && own.ok) expect(own.value).toBe(app.value);
          expect(signatureAmountOf(exact(amount))).toBe(signatureAmountText(amount));
        }
      }
    }
  });

  it('masks and customer phones', () => {
    for (const card of [...testCards.map((c) => c.number), ...gatewayTestCards])
      expect(maskedNumber(card)).toBe(maskCardNumber(card));
    for (const [number, code] of [
      ['501234567', '+966'],
      ['0501234567', '+966'],
      ['50 123-4567', '+966'],
      ['+966501234567', ''],
      ['01012345678', '+20'],
      ['123', '+20'],
      ['123456789012345', '+1'],
      ['501234567', '966'],
      ['501234567', '+0'],
      ['501234567', '+9665'],
      ['', '+966'],
      ['501234567', ''],
      ['', ''],
    ] as const) {
      // What the app sends (its checked, normalised phone) the sandbox takes; the app is the
      // stricter of the two, so a phone the sandbox refuses never leaves the app.
      const app = validateCustomerPhone({ number, countryCode: code });
      if (app.ok && app.value)
        expect(checkCustomerPhone(app.value.number, app.value.countryCode), number).toEqual([]);
      if (checkCustomerPhone(number, code).length > 0 && number !== '')
        expect(app.ok && app.value === null, `${number} ${code}`).toBe(false);
    }
  });
});

it('no sandbox rule imports the app rules it checks (only data and types are shared)', async () => {
  const { readFileSync, readdirSync } = await import('node:fs');
  const root = new URL('../../../../main/core/sandbox/', import.meta.url);
  const files = readdirSync(root, { recursive: true, encoding: 'utf8' }).filter((f) =>
    f.endsWith('.ts'),
  );
  const allowed = /shared\/(result|money\/currencies|card\/brands|card\/brand-prefixes)'/;
  for (const file of files) {
    const text = readFileSync(new URL(file, root), 'utf8');
    for (const line of text.split('\n').filter((l) => /from '.*shared\//.test(l)))
      expect(allowed.test(line) || /^import type /.test(line), `${file}: ${line}`).toBe(true);
  }
});
