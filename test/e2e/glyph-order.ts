import type { Page } from '@playwright/test';

/**
 * Bidi checks by measurement: where Chromium actually laid out each character, so a test sees
 * "966+" or a reversed card mask the way a reader would, whatever the markup says.
 */

export interface Glyph {
  char: string;
  x: number;
}

/** Every character of the element's text with the x of its glyph, as Chromium laid it out. */
export const glyphsOf = (page: Page, selector: string): Promise<Glyph[]> =>
  page.locator(selector).evaluate((element) => {
    const glyphs: { char: string; x: number }[] = [];
    const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
    const range = document.createRange();
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent ?? '';
      for (let i = 0; i < text.length; i += 1) {
        range.setStart(node, i);
        range.setEnd(node, i + 1);
        const box = range.getBoundingClientRect();
        if (box.width > 0) glyphs.push({ char: text[i]!, x: box.left });
      }
    }
    return glyphs;
  });

/** What a reader sees, left to right, of the characters that `keep` selects. */
export const readLeftToRight = (glyphs: Glyph[], keep: RegExp) =>
  glyphs
    .filter((glyph) => keep.test(glyph.char))
    .sort((a, b) => a.x - b.x)
    .map((glyph) => glyph.char)
    .join('');
