import { readFileSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import { gatewayCodes } from '../../../../main/core/sandbox/codes';
import {
  CHALLENGE_PASS_CODE,
  SANDBOX_API_PASSWORD,
  SANDBOX_MERCHANT_PUBLIC_KEY,
} from '../../../../main/core/sandbox/defaults';
import { testCards } from '../../../../main/core/sandbox/test-cards';
import { cliUsage } from '../../../../main/core/sandbox/cli-args';
import { FaultPlan } from '../../../../main/core/sandbox/faults';

// Integrators rely on README's Sandbox section (running it, credentials, test cards) and on
// docs/sandbox.md (every code): both must say what the code does.
const doc = readFileSync(new URL('../../../../docs/sandbox.md', import.meta.url), 'utf8');
const readme = readFileSync(new URL('../../../../README.md', import.meta.url), 'utf8');

describe('sandbox documentation', () => {
  test.each(Object.entries(gatewayCodes))('lists code %s exactly', (_name, entry) => {
    expect(doc).toContain(
      `| \`${entry.detailedResponseCode}\` | \`${entry.responseCode}\` | ${entry.httpStatus} | ${entry.responseMessage} | ${entry.detailedResponseMessage} |`,
    );
  });

  test.each(testCards.map((card) => [card.number, card] as const))(
    'lists test card %s',
    (number, card) => {
      expect(readme).toMatch(new RegExp(`\\| \`${number}\` \\| ${card.brand} \\|`));
    },
  );

  test.each([...cliUsage.matchAll(/--[a-z-]+/g)].map(([flag]) => flag))(
    'README lists the CLI flag %s',
    (flag) => {
      expect(readme).toContain(`| \`${flag}`);
    },
  );

  const faultMethods = Object.getOwnPropertyNames(FaultPlan.prototype).filter(
    (name) => name !== 'constructor' && !name.startsWith('take') && !name.startsWith('attach'),
  );
  test.each(faultMethods)('docs/sandbox.md documents the fault %s', (method) => {
    expect(doc).toContain(`\`${method}(`);
  });

  test('gives the default credentials and the passing code', () => {
    for (const value of [SANDBOX_MERCHANT_PUBLIC_KEY, SANDBOX_API_PASSWORD, CHALLENGE_PASS_CODE]) {
      expect(readme).toContain(`\`${value}\``);
    }
  });
});
