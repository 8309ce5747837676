import { expect, test, type Locator, type Page } from '@playwright/test';
import type { UpdaterSignal } from '../../main/core/updates/update-controller';
import type { Host } from '../host';
import { launchUi, snap } from './ui-helpers';

/**
 * Settings › About and the critical update's question, on the real core and renderer. The
 * browser host has no electron-updater (About then says updates are not in this build); the
 * tests hand the core the signals the shell translates electron-updater's events into.
 */
let host: Host;

test.afterEach(async () => {
  await host?.close();
});

const words = {
  en: { settings: 'Settings', about: 'About Paydesk', restart: 'Restart to update' },
  ar: { settings: 'الإعدادات', about: 'عن التطبيق', restart: 'إعادة التشغيل للتحديث' },
} as const;

async function openAbout(page: Page, language: 'en' | 'ar'): Promise<Locator> {
  await page.getByRole('button', { name: words[language].settings, exact: true }).click();
  const about = page.getByRole('region', { name: words[language].about });
  await about.scrollIntoViewIfNeeded();
  return about;
}

const send = (...signals: UpdaterSignal[]) => signals.forEach((s) => host.core.updates.receive(s));

/** Both window sizes the terminal is used at, About scrolled into view in each. */
async function snapBoth(page: Page, about: Locator, name: string) {
  await about.scrollIntoViewIfNeeded();
  await snap(page, `${name}-1024`);
  await page.setViewportSize({ width: 1920, height: 1080 });
  await about.scrollIntoViewIfNeeded();
  await snap(page, `${name}-1920`);
  await page.setViewportSize({ width: 1024, height: 700 });
}

/** Left edge of the first character of `text` inside `element`, as Chromium draws it. */
const leftOf = (element: Locator, text: string) =>
  element.evaluate((node, wanted) => {
    const walker = document.createTreeWalker(node, NodeFilter.SHOW_TEXT);
    for (let current = walker.nextNode(); current; current = walker.nextNode()) {
      const at = (current.textContent ?? '').indexOf(wanted);
      if (at < 0) continue;
      const range = document.createRange();
      range.setStart(current, at);
      range.setEnd(current, at + 1);
      return range.getBoundingClientRect().left;
    }
    throw new Error(`no ${wanted}`);
  }, text);

test('About says the counter is offline and keeps selling, then shows a ready update', async () => {
  // Three states, each photographed at two sizes.
  test.setTimeout(120_000);
  host = await launchUi();
  const { page } = host;
  const about = await openAbout(page, 'en');
  await expect(about.locator('.about-state dd')).toHaveText(
    'Not in this build: updates come to the installed app',
  );
  await expect(about.locator('.fact').first()).toContainText('0.1.0');

  send(
    { kind: 'checking' },
    { kind: 'error', error: 'offline', detail: 'getaddrinfo ENOTFOUND updates.paydesk.com' },
  );
  await expect(about.locator('.about-error')).toContainText(
    'The update server could not be reached. The counter works as before',
  );
  await expect(about).not.toContainText('Not yet');
  await snapBoth(page, about, 'settings-about-offline-en');

  send({ kind: 'available', version: '0.2.0', critical: null }, { kind: 'progress', percent: 40 });
  await expect(about.locator('.about-state dd')).toHaveText(
    'Downloading version 0.2.0 in the background: 40%',
  );
  send({ kind: 'downloaded', version: '0.2.0', critical: null });
  await expect(about.locator('.about-state dd')).toHaveText(
    'Version 0.2.0 is ready: it installs when Paydesk quits',
  );
  await expect(about.getByRole('button', { name: words.en.restart })).toBeEnabled();
  await snapBoth(page, about, 'settings-about-ready-en');

  // The merchant keeps the counter on its version: audited, and nothing installs.
  // A controlled box: it shows the setting main saved, a moment after the click.
  const hold = about.getByRole('checkbox', { name: 'Keep this counter on version 0.1.0' });
  await hold.click();
  await expect(hold).toBeChecked();
  await expect(about.locator('.about-held')).toHaveText('This counter is kept on version 0.1.0.');
  await expect(about.getByRole('button', { name: words.en.restart })).toHaveCount(0);
  const held = host.core.security.audit
    .search({ beforeSeq: null, limit: 50 })
    .filter((row) => row.event === 'updates-held');
  expect(held).toHaveLength(1);
  await hold.click();
  await expect(hold).not.toBeChecked();
  await expect(about.locator('.about-held')).toHaveCount(0);
  await expect(about.getByRole('button', { name: words.en.restart })).toBeVisible();
});

test('About in Arabic: the state, the problem and versions in order, at both sizes', async () => {
  host = await launchUi({ language: 'ar' });
  const { page } = host;
  const about = await openAbout(page, 'ar');
  send(
    { kind: 'checking' },
    { kind: 'error', error: 'disk-full', detail: 'ENOSPC: no space left on device' },
  );
  await expect(about.locator('.about-error')).toContainText(
    'لا توجد مساحة كافية على القرص للتحديث',
  );
  await snapBoth(page, about, 'settings-about-disk-full-ar');

  send(
    { kind: 'available', version: '0.2.0', critical: null },
    { kind: 'downloaded', version: '0.2.0', critical: null },
  );
  const state = about.locator('.about-state dd');
  await expect(state).toHaveText('الإصدار \u20680.2.0\u2069 جاهز: يُثبَّت عند إغلاق Paydesk');
  // Right to left: «الإصدار» first on the right, the version after it to its left, read
  // left to right (its first digit left of its last).
  const word = await leftOf(state, 'الإصدار');
  const versionStart = await leftOf(state, '0.2.0');
  expect(versionStart).toBeLessThan(word);
  await expect(about.getByRole('button', { name: words.ar.restart })).toBeVisible();
  await snapBoth(page, about, 'settings-about-ready-ar');
});

for (const language of ['en', 'ar'] as const) {
  test(`a critical update asks on every screen at an idle moment, saying why (${language})`, async () => {
    host = await launchUi({ language });
    const { page } = host;
    send({ kind: 'downloaded', version: '0.2.1', critical: 'security' });
    const banner = page.locator('.banner-update');
    await expect(banner).toContainText(
      language === 'en' ? 'Version 0.2.1 fixes a security problem.' : 'يعالج مشكلة أمنية.',
    );
    await expect(banner.getByRole('button', { name: words[language].restart })).toBeVisible();
    await snap(page, `update-critical-${language}-1024`);
    await banner.getByRole('button', { name: language === 'en' ? 'Later' : 'لاحقًا' }).click();
    await expect(banner).toHaveCount(0);
  });
}
