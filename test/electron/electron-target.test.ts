import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { electronTarget, repoRoot } from '../electron-smoke/electron-binary';

const dir = mkdtempSync(join(tmpdir(), 'paydesk-electron-target-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('smoke test target', () => {
  it('says why it skips where no Electron binary exists (as on this CI)', () => {
    const target = electronTarget({});
    // This machine cannot download Electron; on one that has it, the development binary is found.
    if (target.kind === 'missing')
      expect(target.reason).toMatch(/Electron binary is not installed/);
    else expect(target.kind).toBe('development');
  });

  it('launches a packaged app named by PAYDESK_ELECTRON_EXECUTABLE, and refuses a wrong path', () => {
    const exe = join(dir, 'Paydesk');
    writeFileSync(exe, '');
    expect(electronTarget({ PAYDESK_ELECTRON_EXECUTABLE: exe })).toEqual({
      kind: 'packaged',
      executablePath: exe,
    });
    expect(electronTarget({ PAYDESK_ELECTRON_EXECUTABLE: join(dir, 'nope') })).toMatchObject({
      kind: 'missing',
      reason: expect.stringContaining('does not exist'),
    });
  });

  it('honours ELECTRON_OVERRIDE_DIST_PATH like the electron package does', () => {
    const dist = join(dir, 'dist');
    mkdirSync(dist);
    expect(electronTarget({ ELECTRON_OVERRIDE_DIST_PATH: dist })).toMatchObject({
      kind: 'missing',
    });
    // The binary's place inside the dist folder, as node_modules/electron records it.
    const pathFile = join(repoRoot, 'node_modules', 'electron', 'path.txt');
    const relative = existsSync(pathFile)
      ? readFileSync(pathFile, 'utf8').trim()
      : process.platform === 'win32'
        ? 'electron.exe'
        : 'electron';
    const binary = join(dist, relative);
    mkdirSync(dirname(binary), { recursive: true });
    writeFileSync(binary, '');
    expect(electronTarget({ ELECTRON_OVERRIDE_DIST_PATH: dist })).toEqual({
      kind: 'development',
      executablePath: binary,
    });
  });
});
