import type { Page } from '@playwright/test';

/** Controls without a name a screen reader could announce (label, aria-label or text). */
export const unnamedControls = (page: Page) =>
  page.evaluate(() =>
    [...document.querySelectorAll<HTMLElement>('input, select, textarea, button')]
      .filter((el) => el.offsetParent !== null)
      .filter((el) => {
        const labelled = 'labels' in el && (el as HTMLInputElement).labels?.length;
        return !labelled && !el.getAttribute('aria-label') && !el.textContent?.trim();
      })
      .map((el) => el.outerHTML.slice(0, 80)),
  );

/** Anything wider than its box: the document, the screen area, any scroll container. */
export const horizontalOverflow = (page: Page) =>
  page.evaluate(() => {
    const main = document.querySelector('main');
    return [document.documentElement, main]
      .filter((el): el is HTMLElement => el !== null)
      .filter((el) => el.scrollWidth > el.clientWidth + 1)
      .map((el) => `${el.tagName} ${el.scrollWidth}>${el.clientWidth}`);
  });

/**
 * WCAG AA contrast of every visible text (4.5:1, or 3:1 for large text), against the first
 * opaque background behind it. Disabled controls are exempt, as WCAG says.
 */
export const lowContrastTexts = (page: Page) =>
  page.evaluate(() => {
    const rgb = (color: string) => (color.match(/[\d.]+/g) ?? []).map(Number);
    const luminance = ([r = 0, g = 0, b = 0]: number[]) => {
      const channel = (v: number) => {
        const s = v / 255;
        return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
      };
      return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b);
    };
    const background = (el: Element | null): number[] => {
      for (let node = el; node; node = node.parentElement) {
        const parts = rgb(getComputedStyle(node).backgroundColor);
        if (parts.length === 3 || (parts[3] ?? 0) === 1) return parts.slice(0, 3);
      }
      return [255, 255, 255];
    };
    const failures: string[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const el = node.parentElement;
      if (!el || !node.textContent?.trim() || el.offsetParent === null) continue;
      if (el.closest('[disabled], .visually-hidden, option')) continue;
      const style = getComputedStyle(el);
      const [a, b] = [luminance(rgb(style.color)), luminance(background(el))];
      const ratio = (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);
      const size = parseFloat(style.fontSize);
      const large = size >= 24 || (size >= 18.66 && Number(style.fontWeight) >= 700);
      if (ratio < (large ? 3 : 4.5))
        failures.push(`${node.textContent.trim().slice(0, 40)}: ${ratio.toFixed(2)}`);
    }
    return failures;
  });
