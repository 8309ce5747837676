import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { repoRoot } from './electron-builder-internals';

const pngSignature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

interface PngHeader {
  width: number;
  height: number;
  colourType: number;
}

/** Reads a PNG's IHDR chunk, which the format requires to come first. */
function pngHeader(png: Buffer): PngHeader {
  expect(png.subarray(0, 8).equals(pngSignature)).toBe(true);
  expect(png.toString('latin1', 12, 16)).toBe('IHDR');
  return {
    width: png.readUInt32BE(16),
    height: png.readUInt32BE(20),
    colourType: png.readUInt8(25),
  };
}

function icon(name: string): Buffer {
  return readFileSync(join(repoRoot, 'build', name));
}

describe('app icons in build/', () => {
  it('keeps the one source image they are generated from', () => {
    const svg = icon('icon-source.svg').toString('utf8');
    expect(svg).toMatch(/<svg[^>]+viewBox="0 0 1024 1024"/);
  });

  it('has a square PNG of at least 512 px with transparency', () => {
    const header = pngHeader(icon('icon.png'));
    expect(header.width).toBeGreaterThanOrEqual(512);
    expect(header.height).toBe(header.width);
    // Colour type 6 is RGBA: the rounded corners must be see-through.
    expect(header.colourType).toBe(6);
  });

  it('has a Windows ICO from 16 px (taskbar) to 256 px (Explorer)', () => {
    const ico = icon('icon.ico');
    expect([ico.readUInt16LE(0), ico.readUInt16LE(2)]).toEqual([0, 1]);
    const count = ico.readUInt16LE(4);
    const sizes: number[] = [];
    for (let index = 0; index < count; index += 1) {
      const entry = 6 + 16 * index;
      // A stored 0 means 256 px.
      const size = ico.readUInt8(entry) || 256;
      const length = ico.readUInt32LE(entry + 8);
      const offset = ico.readUInt32LE(entry + 12);
      expect(offset + length).toBeLessThanOrEqual(ico.length);
      const image = ico.subarray(offset, offset + length);
      if (image.subarray(0, 8).equals(pngSignature)) expect(pngHeader(image).width).toBe(size);
      else expect(image.readInt32LE(4)).toBe(size); // BITMAPINFOHEADER width
      sizes.push(size);
    }
    expect(sizes).toEqual(expect.arrayContaining([16, 24, 32, 48, 256]));
  });

  it('has a macOS ICNS up to the 1024 px Retina image', () => {
    const icns = icon('icon.icns');
    expect(icns.toString('latin1', 0, 4)).toBe('icns');
    expect(icns.readUInt32BE(4)).toBe(icns.length);
    const chunks = new Map<string, Buffer>();
    for (let offset = 8; offset < icns.length;) {
      const length = icns.readUInt32BE(offset + 4);
      expect(length).toBeGreaterThan(8);
      chunks.set(
        icns.toString('latin1', offset, offset + 4),
        icns.subarray(offset + 8, offset + length),
      );
      offset += length;
    }
    // ic07 = 128 px, ic09 = 512 px, ic10 = 512 px @2x (1024 px).
    expect(pngHeader(chunks.get('ic07') ?? Buffer.alloc(0)).width).toBe(128);
    expect(pngHeader(chunks.get('ic09') ?? Buffer.alloc(0)).width).toBe(512);
    expect(pngHeader(chunks.get('ic10') ?? Buffer.alloc(0)).width).toBe(1024);
  });
});
