import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const repoRoot = fileURLToPath(new URL('../..', import.meta.url));

/** What the smoke test launches: a packaged Paydesk, or Electron running this checkout. */
export type ElectronTarget =
  | { kind: 'packaged'; executablePath: string }
  | { kind: 'development'; executablePath: string }
  | { kind: 'missing'; reason: string };

/**
 * Finds an Electron binary the way node_modules/electron would, without requiring that
 * module: requiring it on a machine without the binary starts a download (and fails where
 * the network is closed). PAYDESK_ELECTRON_EXECUTABLE names a packaged app (release
 * workflow); ELECTRON_OVERRIDE_DIST_PATH or an installed binary run this checkout.
 */
export function electronTarget(env: NodeJS.ProcessEnv = process.env): ElectronTarget {
  const packaged = env.PAYDESK_ELECTRON_EXECUTABLE;
  if (packaged) {
    return existsSync(packaged)
      ? { kind: 'packaged', executablePath: packaged }
      : {
          kind: 'missing',
          reason: `PAYDESK_ELECTRON_EXECUTABLE points to ${packaged}, which does not exist.`,
        };
  }
  const moduleDir = join(repoRoot, 'node_modules', 'electron');
  const pathFile = join(moduleDir, 'path.txt');
  const relative = existsSync(pathFile) ? readFileSync(pathFile, 'utf8').trim() : null;
  const override = env.ELECTRON_OVERRIDE_DIST_PATH;
  const candidate = override
    ? join(override, relative ?? (process.platform === 'win32' ? 'electron.exe' : 'electron'))
    : relative && join(moduleDir, 'dist', relative);
  if (candidate && existsSync(candidate)) return { kind: 'development', executablePath: candidate };
  return {
    kind: 'missing',
    reason: override
      ? `ELECTRON_OVERRIDE_DIST_PATH is set but holds no Electron binary (${candidate}).`
      : 'The Electron binary is not installed here (node_modules/electron has no downloaded dist; ' +
        'installs with ELECTRON_SKIP_BINARY_DOWNLOAD or without network access skip it). ' +
        'Run `npx install-electron` where downloads work, or set ELECTRON_OVERRIDE_DIST_PATH.',
  };
}
