/**
 * Builds installers the way the workflows do (packaging-plan.ts holds the signing rules):
 *   npx tsx build/scripts/package.ts --platform win|mac|linux --flavour installers
 *   npx tsx build/scripts/package.ts --platform win|mac|linux --flavour release --tag v1.2.3
 *   npx tsx build/scripts/package.ts --platform mac --flavour e2e --arch arm64
 * Expects `npx electron-vite build` to have produced out/ first.
 */
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { parseArgs } from 'node:util';
import { z } from 'zod';
import { packagingPlan, packagingRequestSchema, type PackagingError } from './packaging-plan';

const usage =
  'usage: package.ts --platform win|mac|linux --flavour installers|release|e2e ' +
  '[--tag vX.Y.Z (release)] [--arch x64|arm64 (e2e)]';

function describe(error: PackagingError): string {
  if (error.code === 'TAG_VERSION_MISMATCH') {
    return `tag ${error.tag} does not match package.json version ${error.version}; expected v${error.version}`;
  }
  return `a release must be signed; set ${error.missing.join(', ')}`;
}

const { values } = parseArgs({
  options: {
    platform: { type: 'string' },
    flavour: { type: 'string' },
    tag: { type: 'string' },
    arch: { type: 'string' },
  },
});
const request = packagingRequestSchema.safeParse(values);
if (!request.success) {
  console.error(
    `package: ${request.error.issues.map((issue) => `--${issue.path.join('.')}: ${issue.message}`).join('; ')}`,
  );
  console.error(usage);
  process.exit(2);
}

const require = createRequire(import.meta.url);
const packageJson = z
  .object({ version: z.string() })
  .parse(JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')));
const result = packagingPlan(request.data, process.env, packageJson.version);
if (!result.ok) {
  console.error(`package: ${describe(result.error)}`);
  process.exit(1);
}

const { args, env, signed } = result.plan;
console.error(`package: electron-builder ${args.join(' ')} (${signed ? 'signed' : 'unsigned'})`);
// electron-builder's own CLI under this Node: no shell, so no npx.cmd quirks on Windows.
const run = spawnSync(process.execPath, [require.resolve('electron-builder/cli.js'), ...args], {
  stdio: 'inherit',
  env,
});
process.exit(run.status ?? 1);
