/**
 * Renders build/icon-source.svg into the icons electron-builder packs:
 *   build/icon.png  1024x1024, full bleed (Linux AppImage, the source for the .ico)
 *   build/icon.ico  Windows, 16 to 256 px
 *   build/icon.icns macOS, drawn on Apple's 824 px grid inside the 1024 px canvas so it sits
 *                   in the Dock at the same size as system icons
 * Run after editing the SVG: `npx tsx build/scripts/generate-icons.ts`, then commit all four.
 *
 * Real Chromium rasterises the SVG (no image library to install); png2icons packs the
 * Windows and Apple containers.
 */
import { readFile, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Page } from '@playwright/test';
import png2icons from 'png2icons';
import { chromiumLaunchOptions } from '../../main/preview/chromium';

const buildDir = join(dirname(fileURLToPath(import.meta.url)), '..');
const canvas = 1024;
/** Apple's macOS icon grid: an 824 px body centred on the 1024 px canvas. */
const appleBody = 824;

async function renderPng(page: Page, svg: string, bodySize: number): Promise<Buffer> {
  const inset = (canvas - bodySize) / 2;
  await page.setContent(
    `<html><body style="margin:0;background:transparent">` +
      `<div style="width:${bodySize}px;height:${bodySize}px;margin:${inset}px">${svg}</div>` +
      `</body></html>`,
  );
  await page.locator('svg').evaluate((element, size) => {
    element.setAttribute('width', String(size));
    element.setAttribute('height', String(size));
  }, bodySize);
  return page.screenshot({
    omitBackground: true,
    clip: { x: 0, y: 0, width: canvas, height: canvas },
  });
}

function required(icon: Buffer | null, name: string): Buffer {
  if (icon === null) throw new Error(`png2icons could not build ${name}`);
  return icon;
}

async function main(): Promise<void> {
  const svg = await readFile(join(buildDir, 'icon-source.svg'), 'utf8');
  const browser = await chromium.launch(chromiumLaunchOptions);
  try {
    const page = await browser.newPage({ viewport: { width: canvas, height: canvas } });
    const fullBleed = await renderPng(page, svg, canvas);
    const appleGrid = await renderPng(page, svg, appleBody);
    const ico = png2icons.createICO(fullBleed, png2icons.BICUBIC2, 0, false, true);
    const icns = png2icons.createICNS(appleGrid, png2icons.BICUBIC2, 0);
    await writeFile(join(buildDir, 'icon.png'), fullBleed);
    await writeFile(join(buildDir, 'icon.ico'), required(ico, 'icon.ico'));
    await writeFile(join(buildDir, 'icon.icns'), required(icns, 'icon.icns'));
  } finally {
    await browser.close();
  }
  console.log('generate-icons: wrote build/icon.png, build/icon.ico, build/icon.icns');
}

await main();
