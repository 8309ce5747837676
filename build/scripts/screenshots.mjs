// `npm run screenshots`: refresh the pictures README shows. The e2e tests write their
// screenshots under test-results/ on every run (the committed ones stay untouched); this
// runs the screen tests once with docs/screenshots as the target instead.
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';

const root = join(import.meta.dirname, '..', '..');
const bin = (name) =>
  join(root, 'node_modules', '.bin', process.platform === 'win32' ? `${name}.cmd` : name);
const env = { ...process.env, PAYDESK_SCREENSHOT_DIR: join(root, 'docs', 'screenshots') };
const run = (command, args) =>
  spawnSync(command, args, {
    cwd: root,
    env,
    stdio: 'inherit',
    shell: process.platform === 'win32',
  }).status ?? 1;

const built = run(bin('electron-vite'), ['build']);
process.exit(built === 0 ? run(bin('playwright'), ['test', 'ui-']) : built);
