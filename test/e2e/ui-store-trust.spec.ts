import { expect, test, type Page } from '@playwright/test';
import { freePort } from '../support/pg-cluster';
import { operatorLabels } from './operator-helpers';
import { launchUi, snap } from './ui-helpers';

/**
 * The screens store trust changed, as their users meet them, in both languages and at the
 * smallest and a large window: the banner of a computer without secure storage, the store
 * settings (a password kept for one server; no encryption only for this computer), and the
 * lock screen when the store cannot be reached and the operator never signed in here.
 */
const sizes = [
  { width: 1024, height: 700 },
  { width: 1920, height: 1080 },
] as const;
const languages = ['en', 'ar'] as const;

const words = {
  en: {
    banner: /no secure storage for secrets/,
    needsStore: /has not signed in at this counter before/,
    settings: 'Settings',
    passwordKept: /saved for this server/,
  },
  ar: {
    banner: /لا يوفر هذا الجهاز تخزينًا آمنًا/,
    needsStore: /لم يسجّل هذا الموظف الدخول على نقطة البيع هذه من قبل/,
    settings: 'الإعدادات',
    passwordKept: /محفوظة لهذا الخادم/,
  },
};

/** Nothing wider than the window: no sideways scroll at either size, in either direction. */
async function fitsTheWindow(page: Page) {
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
}

for (const language of languages) {
  for (const viewport of sizes) {
    const size = `${viewport.width}x${viewport.height}`;

    test(`no secure storage: the banner says what is off (${language}, ${size})`, async () => {
      const host = await launchUi({ language, viewport, secureStorageAvailable: false });
      try {
        await expect(host.page.getByText(words[language].banner)).toBeVisible();
        await fitsTheWindow(host.page);
        await snap(host.page, `trust-no-secure-storage-${language}-${size}`);
      } finally {
        await host.close();
      }
    });

    test(`store offline: an operator never signed in here is told why (${language}, ${size})`, async () => {
      const host = await launchUi({ language, viewport });
      try {
        // Operators on with a local admin, then the counter joins a store that is not there.
        await host.core.security.operators.enable({
          operatorId: 'amal',
          displayName: 'Amal Saeed',
          secret: '111111',
        });
        await host.core.store.configure(
          {
            host: '127.0.0.1',
            port: await freePort(),
            database: 'paydesk',
            user: 'paydesk_counter_front-1',
            tls: 'off',
            counterId: 'front-1',
            counterName: 'Front desk',
          },
          'a-counter-password',
          'amal',
        );
        const page = host.page;
        await page.getByRole('button', { name: words[language].settings }).click();
        const kept = page.getByText(words[language].passwordKept);
        await kept.scrollIntoViewIfNeeded();
        await expect(kept).toBeVisible();
        await fitsTheWindow(page);
        await snap(page, `trust-store-settings-${language}-${size}`);

        host.core.security.operators.signOut();
        const l = operatorLabels[language];
        await page.getByLabel(l.id, { exact: true }).fill('omar');
        await page.getByLabel(l.secret, { exact: true }).fill('222222');
        await page.getByRole('button', { name: l.signIn }).click();
        await expect(page.getByText(words[language].needsStore)).toBeVisible({ timeout: 15_000 });
        await fitsTheWindow(page);
        await snap(page, `trust-sign-in-needs-store-${language}-${size}`);
      } finally {
        await host.close();
      }
    });
  }
}
