import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Configuration } from 'electron-builder';
import { loadBuilderConfig, repoRoot } from './electron-builder-internals';

/**
 * The oldest macOS each Electron major runs on, from Electron's breaking-changes notes
 * ("macOS X or later will be required"). An Electron upgrade past the last row fails the test
 * below until a row is added, so the declared minimum cannot drift behind Electron's.
 */
const minimumMacosByElectronMajor: readonly { fromMajor: number; macos: number }[] = [
  { fromMajor: 33, macos: 11 },
  { fromMajor: 38, macos: 12 },
  { fromMajor: 44, macos: 13 },
];
/** The newest major whose notes were checked for a raised minimum. */
const lastCheckedMajor = 45;

const installedElectronMajor = (): number => {
  const manifest = JSON.parse(
    readFileSync(join(repoRoot, 'node_modules', 'electron', 'package.json'), 'utf8'),
  ) as { version: string };
  return Number(manifest.version.split('.')[0]);
};

function minimumMacosFor(major: number): number {
  const row = minimumMacosByElectronMajor.findLast((entry) => entry.fromMajor <= major);
  if (!row) throw new Error(`Electron ${major} is older than the table`);
  return row.macos;
}

describe('the minimum macOS', () => {
  let config: Configuration;
  const major = installedElectronMajor();
  beforeAll(async () => {
    config = await loadBuilderConfig(repoRoot, 'electron-builder.yml');
  });

  it('is known for the installed Electron (a newer major needs its notes read first)', () => {
    expect(
      major,
      `Electron ${major} is installed: read its breaking changes for a raised macOS minimum, ` +
        'update the table and lastCheckedMajor',
    ).toBeLessThanOrEqual(lastCheckedMajor);
  });

  it("is what electron-builder.yml writes into Info.plist: the installed Electron's minimum", () => {
    expect(config.mac?.minimumSystemVersion).toBe(`${minimumMacosFor(major)}.0`);
  });

  it("is what README's install table promises, for both Mac processors", () => {
    const readme = readFileSync(join(repoRoot, 'README.md'), 'utf8');
    const macRows = readme.split('\n').filter((line) => /^\| macOS .*\.dmg/.test(line));
    expect(macRows).toHaveLength(2);
    for (const row of macRows) {
      expect(row).toMatch(new RegExp(`^\\| macOS ${minimumMacosFor(major)} \\(\\w+\\) or later,`));
    }
  });

  it('rises with Electron: a major past a row takes that row', () => {
    expect(minimumMacosFor(43)).toBe(12);
    expect(minimumMacosFor(44)).toBe(13);
    expect(() => minimumMacosFor(20)).toThrow(/older than the table/);
  });
});
