import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { CardNumberError } from '../../../../shared/card/number';
import type { CvvError } from '../../../../shared/card/cvv';
import type { ExpiryError } from '../../../../shared/card/expiry';
import type { AmountError } from '../../../../shared/money/amount';
import type { PhoneError } from '../../../../shared/phone';
import { handlerFailureCodes } from '../../../../shared/failures/handler-failures';
import { paymentFailureCodes } from '../../../../shared/failures/payment-failures';
import { linkFailureCodes } from '../../../../shared/failures/link-failures';
import { operatorFailureCodes } from '../../../../shared/failures/operator-failures';
import { settingsFailureCodes } from '../../../../shared/failures/settings-failures';
import { shiftFailureCodes } from '../../../../shared/failures/shift-failures';
import { storeFailureCodes } from '../../../../shared/failures/store-failures';
import { customerFailureCodes } from '../../../../shared/failures/customer-failures';
import { ar } from '../../../../renderer/src/i18n/ar';
import { en } from '../../../../renderer/src/i18n/en';
import { errorKey } from '../../../../renderer/src/i18n/error-text';

type Table = { [key: string]: string | Table };

/** Every leaf key as a dotted path, with its text. */
function leaves(table: Table, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(table)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') out.set(path, value);
    else for (const [inner, text] of leaves(value, path)) out.set(inner, text);
  }
  return out;
}

const placeholders = (text: string) =>
  [...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1]).sort();

// The shared rules export their codes as types only; this object must name each exactly once
// (a missing or unknown code fails the type check of this file).
const ruleCodes: Record<CardNumberError | CvvError | ExpiryError | AmountError | PhoneError, true> =
  {
    'card-number-required': true,
    'card-number-not-digits': true,
    'card-number-length': true,
    'card-number-luhn': true,
    'cvv-required': true,
    'cvv-not-digits': true,
    'cvv-length': true,
    'expiry-required': true,
    'expiry-format': true,
    'expiry-month': true,
    'expiry-past': true,
    'amount-required': true,
    'amount-format': true,
    'amount-negative': true,
    'amount-zero': true,
    'amount-decimals': true,
    'amount-over-cap': true,
    'phone-country-code': true,
    'phone-number': true,
    'phone-incomplete': true,
  };

/** Codes the router and the API builder fail with, read from their source (not exported). */
function bridgeCodes(): string[] {
  const sources = ['main/core/ipc/router.ts', 'shared/ipc-api.ts'].map((path) =>
    readFileSync(new URL(`../../../../${path}`, import.meta.url), 'utf8'),
  );
  return [
    ...new Set(
      sources.flatMap((text) => [...text.matchAll(/code: '([a-z-]+)'/g)].map((m) => m[1] ?? '')),
    ),
  ];
}

describe('translation tables', () => {
  const english = leaves(en);
  const arabic = leaves(ar as Table);

  it('Arabic has exactly the English keys', () => {
    expect([...arabic.keys()].sort()).toEqual([...english.keys()].sort());
  });

  it('no text is empty and both languages use the same placeholders', () => {
    for (const [key, text] of english) {
      const other = arabic.get(key) ?? '';
      expect(text.trim(), key).not.toBe('');
      expect(other.trim(), key).not.toBe('');
      expect(placeholders(other), key).toEqual(placeholders(text));
    }
  });

  it('Arabic strings are translated, not copied (brand names and codes aside)', () => {
    const same = [...english].filter(([key, text]) => arabic.get(key) === text).map(([key]) => key);
    expect(same.sort()).toEqual(['app.name', 'common.none', 'languages.ar', 'languages.en']);
  });
});

describe('error sentences', () => {
  const everyCode = [
    ...Object.keys(ruleCodes),
    ...paymentFailureCodes,
    ...linkFailureCodes,
    ...operatorFailureCodes,
    ...handlerFailureCodes,
    ...settingsFailureCodes,
    ...shiftFailureCodes,
    ...storeFailureCodes,
    ...customerFailureCodes,
    ...bridgeCodes(),
  ];

  it('finds the router and bridge codes in their source', () => {
    expect(bridgeCodes()).toEqual(
      expect.arrayContaining([
        'unknown-channel',
        'untrusted-sender',
        'invalid-request',
        'internal',
        'ipc-failed',
      ]),
    );
  });

  it.each(everyCode)('%s has an English and an Arabic sentence of its own', (code) => {
    expect(errorKey(code)).toBe(code);
    expect(en.errors[errorKey(code)]).toMatch(/\S/);
    expect(ar.errors[errorKey(code)]).toMatch(/\S/);
  });

  it('an unknown code still reads as a sentence', () => {
    expect(errorKey('some-future-code')).toBe('unknown');
    expect(en.errors.unknown).toMatch(/went wrong/);
  });
});
