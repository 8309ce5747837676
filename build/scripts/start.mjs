// `npm start`: make sure the Electron binary exists, build, then launch Paydesk.
// Where the binary cannot be had (machines whose network reaches only the npm registry),
// say so in one sentence and exit non-zero rather than letting Electron print a stack trace.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const electronDir = join(import.meta.dirname, '..', '..', 'node_modules', 'electron');

function installedBinary() {
  const override = process.env.ELECTRON_OVERRIDE_DIST_PATH;
  if (override) return existsSync(override) ? override : null;
  const pathFile = join(electronDir, 'path.txt');
  if (!existsSync(pathFile)) return null;
  const binary = join(electronDir, 'dist', readFileSync(pathFile, 'utf8').trim());
  return existsSync(binary) ? binary : null;
}

function tryDownload() {
  if (process.env.ELECTRON_SKIP_BINARY_DOWNLOAD) return;
  // Electron's own installer; it fails fast where its release host is unreachable.
  spawnSync(process.execPath, [join(electronDir, 'install.js')], {
    stdio: 'ignore',
    timeout: 180_000,
  });
}

if (!installedBinary()) tryDownload();
if (!installedBinary()) {
  console.error(
    "Paydesk cannot start: the Electron binary is missing from node_modules/electron and could not be downloaded, so run `npx install-electron` on a machine that can reach Electron's release host (or set ELECTRON_OVERRIDE_DIST_PATH to an Electron 45 build) and try again.",
  );
  process.exit(1);
}

// electron-vite's preview builds main, preload and renderer, then launches the built app.
const electronVite = join(
  import.meta.dirname,
  '..',
  '..',
  'node_modules',
  'electron-vite',
  'bin',
  'electron-vite.js',
);
const result = spawnSync(process.execPath, [electronVite, 'preview'], { stdio: 'inherit' });
process.exit(result.status ?? 1);
