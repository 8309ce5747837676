import { readFileSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import { gatewayCodes } from '../../../../main/core/sandbox/codes';
import {
  CHALLENGE_PASS_CODE,
  SANDBOX_API_PASSWORD,
  SANDBOX_MERCHANT_PUBLIC_KEY,
} from '../../../../main/core/sandbox/defaults';
import { testCards } from '../../../../main/core/sandbox/test-cards';

// docs/sandbox.md is what integrators and README rely on: it must list what the code does.
const doc = readFileSync(new URL('../../../../docs/sandbox.md', import.meta.url), 'utf8');

describe('docs/sandbox.md', () => {
  test.each(Object.entries(gatewayCodes))('lists code %s exactly', (_name, entry) => {
    expect(doc).toContain(
      `| \`${entry.detailedResponseCode}\` | \`${entry.responseCode}\` | ${entry.httpStatus} | ${entry.responseMessage} | ${entry.detailedResponseMessage} |`,
    );
  });

  test.each(testCards.map((card) => [card.number, card] as const))(
    'lists test card %s',
    (number, card) => {
      expect(doc).toMatch(new RegExp(`\\| \`${number}\` \\| ${card.brand} \\|`));
    },
  );

  test('gives the default credentials and the passing code', () => {
    for (const value of [SANDBOX_MERCHANT_PUBLIC_KEY, SANDBOX_API_PASSWORD, CHALLENGE_PASS_CODE]) {
      expect(doc).toContain(`\`${value}\``);
    }
  });
});
