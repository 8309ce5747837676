import { existsSync, statSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { expect, test } from '@playwright/test';
import { snap } from './ui-helpers';

const committed = fileURLToPath(new URL('../../docs/screenshots/', import.meta.url));
const results = fileURLToPath(new URL('../../test-results/screenshots/', import.meta.url));

test('test runs write screenshots under test-results/, never over the committed ones', async ({
  page,
}) => {
  test.skip(
    process.env.PAYDESK_SCREENSHOT_DIR !== undefined,
    'npm run screenshots writes docs/screenshots on purpose',
  );
  await page.setContent('<p>Paydesk</p>');
  const before = existsSync(`${committed}sale-filled-en.png`)
    ? statSync(`${committed}sale-filled-en.png`).mtimeMs
    : null;
  await snap(page, 'sale-filled-en');
  expect(existsSync(`${results}sale-filled-en.png`)).toBe(true);
  const after = existsSync(`${committed}sale-filled-en.png`)
    ? statSync(`${committed}sale-filled-en.png`).mtimeMs
    : null;
  expect(after).toBe(before);
});
