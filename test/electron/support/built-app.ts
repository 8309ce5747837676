import { execFile } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { repoRoot } from '../../electron-smoke/electron-binary';

/**
 * Runs the real `electron-vite build` with the project's config into a temporary folder
 * (`--outDir`, so it never races the e2e build of out/) and returns that folder. Tests of
 * what ships must look at what electron-vite emits, not at the TypeScript sources.
 */
export async function buildApp(): Promise<string> {
  const outDir = mkdtempSync(join(tmpdir(), 'paydesk-built-'));
  await promisify(execFile)(
    process.execPath,
    [
      join(repoRoot, 'node_modules', 'electron-vite', 'bin', 'electron-vite.js'),
      'build',
      '--outDir',
      outDir,
      '--logLevel',
      'warn',
    ],
    { cwd: repoRoot },
  );
  return outDir;
}
