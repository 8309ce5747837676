import type { Locator } from '@playwright/test';

/** One character as Chromium laid it out: its text and the left edge of its glyph. */
export interface Glyph {
  char: string;
  x: number;
}

/**
 * Every character of the element's text with the x of its glyph: what a reader sees, where
 * a string comparison would pass on text the bidirectional algorithm scrambles.
 */
export const glyphsOf = (element: Locator): Promise<Glyph[]> =>
  element.evaluate((root) => {
    const glyphs: { char: string; x: number }[] = [];
    const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
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
